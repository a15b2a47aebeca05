// SFINAE through an unnamed defaulted template parameter whose default ends in `>>`
// (`typename = std::enable_if_t<...>>`): the `>>` closes both the argument list and the
// template parameter list.
// REFERENCE: nvcc
#include <type_traits>
template <typename T, typename = std::enable_if_t<std::is_floating_point<T>::value>>
__device__ __noinline__ T clamp01(T x) {
  return x < T(0) ? T(0) : (x > T(1) ? T(1) : x);
}
template <typename T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
__device__ __noinline__ T clamp01(T x) {
  return x < 0 ? 0 : (x > 1 ? 1 : x);
}
__global__ void sfinae_default(float *p, int *q) {
  int t = threadIdx.x;
  p[t] = clamp01(p[t]);
  q[t] = clamp01(q[t]);
}
// CHECK: .visible .entry _Z14sfinae_defaultPfPi(
// CHECK: .func  (.param .b32 func_retval0) _Z7clamp01IfvET_S0_(
// CHECK: .func  (.param .b32 func_retval0) _Z7clamp01IiLi0EET_S0_(
