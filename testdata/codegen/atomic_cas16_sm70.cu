// On sm_70 to sm_74 warpc's PTX (ISA 6.0) predates atom.cas.b16 (ISA 6.3): the 16-bit atomicCAS
// stays an LLVM `cmpxchg` on i16, which NVPTX expands to a 32-bit CAS loop on the enclosing
// word (ptxas 13 no longer accepts sm_70, hence the LLVM-level check).
// ARGS: -arch=sm_70 -O3 --emit=llvm
__global__ void cas16(unsigned short *p, unsigned short *out) {
  *out = atomicCAS(p, (unsigned short)1, (unsigned short)2);
}
// CHECK: define
// CHECK-NOT: atom.cas.b16
// CHECK: cmpxchg ptr %p, i16 1, i16 2 syncscope("device") monotonic monotonic
