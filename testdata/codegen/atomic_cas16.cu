// The 16-bit atomicCAS (sm_70+, crt/sm_70_rt.h) is PTX's atom.cas.b16 as in nvcc's output, not a
// 32-bit CAS loop (LLVM 22 never selects atom.cas.b16).
// ARGS: -arch=sm_80 -O3
__global__ void saturating(unsigned short *counter, unsigned short *out) {
  unsigned short seen = *counter, expected;
  do {
    expected = seen;
    if (expected == 0xffff) break;
    seen = atomicCAS(counter, expected, (unsigned short)(expected + 1));
  } while (seen != expected);
  *out = seen;
}
// CHECK: .entry _Z10saturatingPtS_(
// CHECK: atom.cas.b16 %rs
// CHECK-NOT: atom.cas.b32
// CHECK-NOT: atom.relaxed.gpu.global.cas.b32
// CHECK: ret;
