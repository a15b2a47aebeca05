// Characters that are no C++ token.
__global__ void k(int *p) {
  p[0] = 1 @ 2;
  p[1] = `3`;
}
__device__ int ok() { return 0; }
