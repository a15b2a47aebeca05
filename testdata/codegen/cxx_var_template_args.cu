// ARGS: -arch=sm_80 -O3 -std=c++17
// Variable templates as libcu++ writes them: a trailing parameter pack (`is_constructible_v<T>`,
// `v<T, Args...>`), a variable template as the argument of another (`mask_v<format_of_v<T>>`),
// a global-scope type argument (`is_same_v<T, ::H>`), and `__is_constructible(T, Args...)`.
struct H { int x; };
template <class A, class B> constexpr bool same_v = false;
template <class A> constexpr bool same_v<A, A> = true;
template <class T, class... A> constexpr bool ctor_v = __is_constructible(T, A...);
template <class T> constexpr bool dflt_v = ctor_v<T>;
template <class T, class... A> constexpr int count_v = sizeof...(A);
template <class T, class... A> constexpr int fwd_v = count_v<T, A...>;
template <class T> constexpr int format_of_v = sizeof(T) == 4 ? 1 : 2;
template <int F> constexpr unsigned mask_v = F == 1 ? 0x80000000u : 0x8000u;
template <class T> constexpr unsigned sign_mask_of_v = mask_v<format_of_v<T>>;
template <class T> __device__ int f() {
  static_assert(dflt_v<T>, "default constructible");
  int r = count_v<T, int, float> + 10 * ctor_v<float, int> + 100 * ctor_v<int *, float> + 1000 * fwd_v<T, T, T>;
  if constexpr (same_v<T, ::H>) r += 10000;
  return r;
}
__global__ void k(int *o, unsigned *m) {
  o[0] = f<int>();
  o[1] = f<H>();
  m[0] = sign_mask_of_v<float> | sign_mask_of_v<short>;
}
// CHECK: .visible .entry _Z1kPiPj(
// CHECK: 2012;
// CHECK: 12012;
// CHECK: -2147450880;
