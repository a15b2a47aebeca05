// Variable templates (constexpr, integral): in constant expressions, array bounds and template
// arguments, and <type_traits>' _v forms in enable_if_t SFINAE.
// REFERENCE: nvcc
#include <type_traits>
template <int N> constexpr int sq = N * N;
template <class T> constexpr bool big = sizeof(T) > 4;
template <class T> __device__ std::enable_if_t<std::is_floating_point_v<T>, T> f(T x) { return x * 2; }
template <class T> __device__ std::enable_if_t<!std::is_floating_point_v<T>, T> f(T x) { return x + 1; }
__global__ void k(int *q, float *p) {
  int a[sq<3>];
  q[0] = sq<4> + big<double> * 100 + big<char> * 1000 + std::is_same_v<int, int> * 10000 + sizeof(a) + std::is_unsigned_v<unsigned> * 100000;
  p[0] = f(p[1]) + f(2);
}
// CHECK: .visible .entry _Z1kPiPf(
