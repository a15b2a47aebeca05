// Memory-space qualifiers on locals, writes to builtin variables, __shared__ initializers
// (nvcc's wording; nvcc reports the same lines).
__global__ void k(float *p) {
  __constant__ float c = 1.0f;
  __device__ int d;
  __shared__ float fine[32];
  threadIdx.x = 3;
  blockIdx.y += 1;
  fine[threadIdx.x] = p[0];
  p[0] = c + d + fine[0];
}
__shared__ float s_init = 2.0f;
__shared__ float s_ok[4];
