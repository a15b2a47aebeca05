// ARGS: -arch=sm_80 -std=c++17
// A pack expansion as the explicit template arguments of a function template whose parameters
// are not a pack (`f<A...>` for `template <class, class F> f`) gives one element per parameter,
// a trailing pack taking the rest: libcu++'s `_CCCL_REQUIRES_EXPR` (C++17) tests
// `decltype(&self::__cccl_well_formed<_Args...>)` in a defaulted template argument, so
// `__is_invocable` was always false. nvcc: 1 1 1 1 1 0 1 3.
#include <cuda/std/functional>
template <class...> struct tag;
template <class, class F> __host__ __device__ void fw2() {}
template <class A, class... R> __host__ __device__ constexpr int count_rest() { return sizeof...(R); }
struct D0 {
  using self = D0;
  template <class, class F> __host__ __device__ static auto wf() -> decltype(F::value, void()) {}
  template <class... A, class = decltype(&fw2<A...>)>
  __host__ __device__ static constexpr bool s1(tag<A...> *, int) { return true; }
  __host__ __device__ static constexpr bool s1(void *, long) { return false; }
  template <class... A, class = decltype(&self::wf<A...>)>
  __host__ __device__ static constexpr bool s2(tag<A...> *, int) { return true; }
  __host__ __device__ static constexpr bool s2(void *, long) { return false; }
};
struct has_value {
  static constexpr int value = 1;
};
struct addf {
  __host__ __device__ float operator()(float a, float b) const { return a + b; }
};
template <class... A> __host__ __device__ constexpr int rest_of() { return count_rest<A...>(); }
__global__ void k(int *o) {
  o[0] = D0::s1(static_cast<tag<void, int> *>(nullptr), 0);
  o[1] = D0::s2(static_cast<tag<void, has_value> *>(nullptr), 0);
  o[2] = ::cuda::std::__is_invocable<addf, float, float>;
  o[3] = ::cuda::std::__is_invocable<::cuda::std::identity, float>;
  o[4] = ::cuda::std::is_invocable_v<::cuda::std::plus<>, float, float>;
  o[5] = D0::s2(static_cast<tag<void, int> *>(nullptr), 0);
  o[6] = D0::s1(static_cast<tag<void, int> *>(nullptr), 0);
  o[7] = rest_of<int, char, short, long>();
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+4], 1;
// CHECK: st.global.b32 [%rd2+8], 1;
// CHECK: st.global.b32 [%rd2+12], 1;
// CHECK: st.global.b32 [%rd2+16], 1;
// CHECK: st.global.b32 [%rd2+20], 0;
// CHECK: st.global.b32 [%rd2+24], 1;
// CHECK: st.global.b32 [%rd2+28], 3;
