// CUDA declaration rules: kernels return void, __shared__ takes no initializer, builtin
// variables are read-only.
__global__ int bad_kernel(int *p) { return 0; }
__global__ void k(int *p) {
  __shared__ int s = 3;
  threadIdx.x = 0;
  p[0] = s;
}
