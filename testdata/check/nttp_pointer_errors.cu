// ARGS: -arch=sm_80
template <int (*F)(int)> struct Op { __device__ static int run(int x) { return F(x); } };
template <int *P> struct Q { };
__device__ int f(float x) { return 1; }
__device__ int h(int x) { return 1; }
__device__ int arr[4];
__global__ void k(int *o) {
  int (*p)(int) = h;
  o[0] = Op<p>::run(1);
  o[1] = Op<f>::run(1);
  o[2] = sizeof(Q<&arr[1]>);
}
