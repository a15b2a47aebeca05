// Block-scope function declarations (`extern __device__ int f(int);`, as the toolkit's
// sm_30_intrinsics.hpp writes them inside function bodies) redeclare the namespace-scope
// function: calls reach it (nvcc accepts them; they were read as automatic __device__
// variables).
__device__ int helper(int x) { return x + 1; }
__device__ int later(int x);
__device__ int twice(int x) {
  extern __device__ int helper(int);
  __device__ int later(int);
  return helper(x) + later(x);
}
__device__ int later(int x) { return x * 3; }
__global__ void block_fn_decl(const int *in, int *out) {
  int t = threadIdx.x;
  out[t] = twice(in[t]);
}
// CHECK: .visible .entry _Z13block_fn_declPKiPi(
// CHECK-NOT: .local
// CHECK: ret;
