// Pack expansions of non-type template arguments: std::make_index_sequence (libstdc++'s
// __integer_pack), index_sequence<I...> deduced through the alias template, I... expanded into
// class template arguments and a fold over the pack; a kernel template whose arguments a host
// launch deduces from a local with a written type (its initializer is host-only code).
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
#include <utility>
#include <cstdlib>
template <std::size_t... I> struct Weights { static constexpr int n = sizeof...(I); };
template <std::size_t... I>
__device__ float dot(const float* x, std::index_sequence<I...>) { return ((x[I] * float(I + 1)) + ... + 0.0f); }
template <std::size_t... I>
__device__ int count(Weights<I...>, std::index_sequence<I...>) { return Weights<(I * 2)...>::n; }
template <int N>
__global__ void k(float* out, const float* x) {
  out[0] = dot(x, std::make_index_sequence<N>{});
  out[1] = count(Weights<0, 1, 2>{}, std::index_sequence<0, 1, 2>{});
}
template <typename T, std::size_t N> struct Box { T v[N]; };
template <typename T, std::size_t N>
__global__ void fill(T* out, Box<T, N> b) { out[threadIdx.x] = b.v[threadIdx.x % N]; }
int main(int argc, char** argv) {
  float *out = nullptr, *x = nullptr;
  k<4><<<1, 1>>>(out, x);
  Box<float, 3> b = argc > 1 ? Box<float, 3>{{float(std::atoi(argv[1])), 0, 0}} : Box<float, 3>{{1, 2, 3}};
  fill<<<1, 8>>>(out, b);
  return 0;
}
// CHECK: .entry _Z1kILi4EEvPfPKf(
// CHECK: .entry _Z4fillIfLm3EEvPT_3BoxIS0_XT0_EE(
