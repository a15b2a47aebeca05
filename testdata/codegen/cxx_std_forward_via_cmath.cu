// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
// cuda/std/utility in nvcc's device pass: `cuda::std::forward` and `cuda::std::move` are
// `using ::std::forward;`/`using ::std::move;`, declared by libstdc++'s <bits/move.h>, which the
// CUDA headers bring in through <cmath> (cuda_runtime.h -> crt/math_functions.h -> <cmath>), so
// neither the program nor libcu++ includes <utility>; std::move itself needs no include either.
#include <cuda/std/utility>
__device__ int sink(int &) { return 1; }
__device__ int sink(int &&) { return 2; }
template <class T> __device__ int relay(T &&t) { return sink(cuda::std::forward<T>(t)); }
__global__ void forwarded(const int *in, int *out) {
  int t = threadIdx.x;
  int a = in[t];
  out[t] = relay(a) * 100 + relay(a + 1) * 10 + sink(std::move(a)) + sink(cuda::std::move(a)) * 1000;
}
// CHECK: .visible .entry _Z9forwardedPKiPi(
