// Before sm_50, which has no lop3, the SIMD comparisons are the same selects in plain logic
// (sm_50 and newer: lop3, as nvcc writes it; testdata/codegen/simd_video.cu).
// ARGS: -arch=sm_35 -O3 --emit=llvm
extern "C" __global__ void k(unsigned *o, unsigned a, unsigned b) {
  o[0] = __vcmpgts2(a, b);
  o[1] = __vsetgeu4(a, b);
  o[2] = __vmaxs4(a, b);
  o[3] = __vcmples2(a, b);
}
// CHECK: define ptx_kernel void @k(
// CHECK-NOT: lop3
// CHECK: ret void
