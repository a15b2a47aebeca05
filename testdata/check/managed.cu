// ARGS: -arch=sm_80
// __managed__ misuse, with nvcc's wording: not with __shared__ or __constant__, not an automatic
// variable; a static __managed__ local (accepted by nvcc) is unsupported.
__constant__ __managed__ int a;
__shared__ __managed__ int b;
__managed__ __device__ int ok = 1;
__global__ void k(int *o) {
  __managed__ int c;
  static __managed__ int d;
  o[0] = ok;
}
