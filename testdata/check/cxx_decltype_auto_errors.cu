// ARGS: -arch=sm_80 -std=c++17
// Deduced return types and `decltype(auto)` variables that are ill-formed.
__device__ int g;
__device__ auto &bad_ref(int x) { return x + 1; }
__device__ decltype(auto) ok_ref() { return (g); }
__global__ void k(int *out) {
  decltype(auto) a{3};
  decltype(auto) b;
  out[0] = bad_ref(1) + ok_ref() + a;
}
