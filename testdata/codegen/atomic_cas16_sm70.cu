// On sm_70 to sm_74 warpc's PTX (ISA 6.0) predates atom.cas.b16 (ISA 6.3): the 16-bit atomicCAS
// is LLVM's 32-bit CAS loop on the enclosing word, which ptxas accepts.
// ARGS: -arch=sm_70 -O3
__global__ void cas16(unsigned short *p, unsigned short *out) {
  *out = atomicCAS(p, (unsigned short)1, (unsigned short)2);
}
// CHECK: .version 6.0
// CHECK: .entry _Z5cas16PtS_(
// CHECK-NOT: atom.cas.b16
// CHECK: cas.b32
