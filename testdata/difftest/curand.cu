// cuRAND's device API from the toolkit's curand_kernel.h (its precomputed skip-ahead tables are
// __device__ data): per-thread XORWOW, Philox4x32-10 and MRG32k3a generators, curand_init with the thread
// as subsequence, then a run of curand_uniform draws and raw 32-bit outputs.
// REFERENCE: nvcc
#include <curand_kernel.h>

__global__ void xorwow_uniform(unsigned long long seed, float *u, unsigned int *raw, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStateXORWOW_t st;
  curand_init(seed, id, id == 1 ? 5 : 0, &st);
  for (int k = 0; k < n; ++k) {
    u[id * n + k] = curand_uniform(&st);
    raw[id * n + k] = curand(&st);
  }
}

__global__ void philox_uniform(unsigned long long seed, float *u, unsigned int *raw, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t st;
  curand_init(seed, id, id == 1 ? 5 : 0, &st);
  for (int k = 0; k < n; ++k) {
    u[id * n + k] = curand_uniform(&st);
    raw[id * n + k] = curand(&st);
  }
}

__global__ void mrg32k3a_uniform(unsigned long long seed, float *u, unsigned int *raw, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStateMRG32k3a_t st;
  curand_init(seed, id, id == 1 ? 5 : 0, &st);
  for (int k = 0; k < n; ++k) {
    u[id * n + k] = curand_uniform(&st);
    raw[id * n + k] = curand(&st);
  }
}
