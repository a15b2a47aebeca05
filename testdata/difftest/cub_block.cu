// CUB's block collectives from the toolkit's CCCL headers: cub::BlockReduce (Sum, Max with a
// partial tile), cub::BlockScan (ExclusiveSum, InclusiveScan with a functor) and
// cub::BlockLoad (warp-transpose) / BlockStore (direct, 4 items per thread), 128 threads.
// REFERENCE: nvcc
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>

__global__ void block_reduce(const int *in, int *out, int valid) {
  using BR = cub::BlockReduce<int, 128>;
  __shared__ typename BR::TempStorage ts;
  int x = in[blockIdx.x * 128 + threadIdx.x];
  int s = BR(ts).Sum(x);
  __syncthreads();
  int m = BR(ts).Reduce(x, cuda::maximum<>{}, valid);
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = s;
    out[2 * blockIdx.x + 1] = m;
  }
}

struct MaxOp {
  __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

__global__ void block_scan(const int *in, int *out) {
  using BS = cub::BlockScan<int, 128>;
  __shared__ typename BS::TempStorage ts;
  int i = blockIdx.x * 128 + threadIdx.x;
  int x = in[i], ex, inc, total;
  BS(ts).ExclusiveSum(x, ex, total);
  __syncthreads();
  BS(ts).InclusiveScan(x, inc, MaxOp());
  out[3 * i] = ex;
  out[3 * i + 1] = inc;
  out[3 * i + 2] = total;
}

__global__ void block_load_store(const float *in, float *out) {
  using BL = cub::BlockLoad<float, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using BSt = cub::BlockStore<float, 128, 4, cub::BLOCK_STORE_DIRECT>;
  __shared__ typename BL::TempStorage tl;
  float v[4];
  int base = blockIdx.x * 512;
  BL(tl).Load(in + base, v);
  for (int k = 0; k < 4; ++k) v[k] = v[k] * 2.0f + (float)k;
  BSt().Store(out + base, v);
}
