// __half and __nv_bfloat16 convert to float implicitly and by cast, through CUDA's
// `operator float()` (cuda_fp16.h / cuda_bf16.h).
// REFERENCE: nvcc
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void hconv(const __half *h, const __nv_bfloat16 *b, float *out) {
  int i = threadIdx.x;
  float f = h[i];
  out[i] = f + static_cast<float>(b[i]) + (float)h[i];
}
// CHECK: .visible .entry _Z5hconvPK6__halfPK13__nv_bfloat16Pf(
