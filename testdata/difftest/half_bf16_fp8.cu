// Difftest: the kernels of conformance/real/08_half_bf16_fp8.cu through the toolkit's
// cuda_fp16.h, cuda_bf16.h and cuda_fp8.h: half2 AXPY with a half2 dot product reduced by warp
// shuffles, bfloat162 scale-and-shift with a bf16 max reduction, and an FP8 E4M3 round trip
// (sm_90: cvt.rn.satfinite.e4m3x2.f32 and cvt.rn.f16x2.e4m3x2).
// REFERENCE: nvcc
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>

__global__ void half2_axpy_dot(int n2, float a, const __half2* x, __half2* y, float* dot) {
  const __half2 alpha = __floats2half2_rn(a, a);
  __half2 acc = __floats2half2_rn(0.f, 0.f);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += gridDim.x * blockDim.x) {
    __half2 xi = x[i];
    __half2 yi = __hfma2(alpha, xi, y[i]);
    y[i] = yi;
    acc = __hadd2(acc, __hmul2(xi, yi));
  }
  for (int mask = 16; mask > 0; mask >>= 1) acc = __hadd2(acc, __shfl_xor_sync(0xffffffffu, acc, mask));
  if ((threadIdx.x & 31) == 0) atomicAdd(dot, __half2float(__low2half(acc)) + __half2float(__high2half(acc)));
}

__global__ void bf16_scale_shift(int rows, int cols2, const __nv_bfloat162* in, const __nv_bfloat162* gamma,
                                 const __nv_bfloat162* beta, __nv_bfloat162* out, __nv_bfloat16* row_max) {
  int r = blockIdx.x;
  if (r >= rows) return;
  __nv_bfloat16 local_max = __float2bfloat16(-1e30f);
  for (int c = threadIdx.x; c < cols2; c += blockDim.x) {
    __nv_bfloat162 v = __hfma2(in[r * cols2 + c], gamma[c], beta[c]);
    v = __hmul2(v, __floats2bfloat162_rn(0.5f, 0.5f));
    out[r * cols2 + c] = v;
    local_max = __hmax(local_max, __hmax(__low2bfloat16(v), __high2bfloat16(v)));
  }
  for (int mask = 16; mask > 0; mask >>= 1) local_max = __hmax(local_max, __shfl_xor_sync(0xffffffffu, local_max, mask));
  if (threadIdx.x == 0) row_max[r] = local_max;  // blockDim.x == 32
}

__global__ void fp8_roundtrip(int n, float scale, const float* in, __nv_fp8_storage_t* q, float* back) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_fp8_e4m3 v(in[i] * scale);
  q[i] = v.__x;
  __half h = static_cast<__half>(v);
  back[i] = __half2float(h) / scale;
}
