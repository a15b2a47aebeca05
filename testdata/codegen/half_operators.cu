// __half constructors and operators (cuda_fp16.h): products, sums, compound assignment,
// comparison, negation. The emulator's results equal IEEE binary16 arithmetic (checked with
// Python's struct 'e'); NVRTC from the pip wheels cannot compile cuda_fp16.h (needs CCCL).
// REFERENCE: nvcc
#include <cuda_fp16.h>
__global__ void hk(const float *a, const float *b, float *out) {
  int i = threadIdx.x;
  __half x = __half(a[i]) * __half(b[i]) + __half(0.5f);
  x += __half(a[i]);
  __half y = 2.0f;
  __half r = (x > y) ? x - y : -x;
  out[i] = __half2float(r);
}
// CHECK: .entry _Z2hkPKfS0_Pf(
// CHECK: st.global.b32
