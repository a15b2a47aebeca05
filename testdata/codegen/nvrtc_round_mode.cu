// NVRTC provides enum cudaRoundMode implicitly (cuda_fp8.h includes device_types.h only
// without __CUDACC_RTC__).
// ARGS: --nvrtc -arch=compute_80 -std=c++17
__global__ void k(int *o) {
  enum cudaRoundMode m = cudaRoundMinInf;
  o[threadIdx.x] = cudaRoundNearest + 2 * cudaRoundZero + 4 * cudaRoundPosInf + 8 * m + (int)threadIdx.x;
}
// CHECK: .entry _Z1kPi(
// CHECK: , 34;
