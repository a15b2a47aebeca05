// Names in an alias template's type are looked up where the alias is declared (`ns::f` from
// `ns::result_t` used outside `ns`), and `sizeof(S<T>::member)` with a member type (parsed as a
// value) is the type's size.
// ARGS: -arch=sm_80 -O3
namespace ns {
__host__ __device__ int f(int);
__host__ __device__ double f(double);
template <class T>
using result_t = decltype(f(T()));
} // namespace ns

template <class T>
struct Box {
  using type = T;
  struct Pair {
    T a, b;
  };
};

extern "C" __global__ void alias_scope(double *out) {
  ns::result_t<double> x = 1.5;
  ns::result_t<int> y = 7;
  out[threadIdx.x] = x * threadIdx.x + y;
  out[32 + threadIdx.x] = sizeof(Box<double>::type) + sizeof(Box<char>::Pair);
}
// CHECK: .entry alias_scope(
// CHECK: 0d3FF8000000000000, 0d401C000000000000;
// CHECK: +256], 4621819117588971520;
