// CUB's warp collectives from the toolkit's CCCL headers: cub::WarpReduce<float> over full and
// 16-thread logical warps (its shuffle specialization: member templates stepping through
// `constant_t<STEP>` overloads that end at `constant_t<STEPS>`, a static member of the class).
// REFERENCE: nvcc
#include <cub/warp/warp_reduce.cuh>

__global__ void warp_sum_f32(const float *in, float *out) {
  using WR = cub::WarpReduce<float>;
  __shared__ typename WR::TempStorage ts[4];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int w = threadIdx.x / 32;
  float s = WR(ts[w]).Sum(in[i]);
  if (threadIdx.x % 32 == 0) out[i / 32] = s;
}

__global__ void warp16_sum_f32(const float *in, float *out) {
  using WR = cub::WarpReduce<float, 16>;
  __shared__ typename WR::TempStorage ts[8];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int w = threadIdx.x / 16;
  float s = WR(ts[w]).Sum(in[i]);
  if (threadIdx.x % 16 == 0) out[i / 16] = s;
}
