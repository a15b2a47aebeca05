// ARGS: -arch=sm_80 -O3 -std=c++17
// libcu++'s fallback `__is_destructor_wellformed`: two function templates viable for a call in
// an unevaluated operand before either instance exists (`__test(int)` and `__test(...)`), the
// one without the ellipsis chosen; the ellipsis one alone when the other fails substitution.
template <class T, T v> struct ic { static constexpr T value = v; };
template <class T> __host__ __device__ T &&dv();
template <class _Tp> struct wf {
  template <typename _Tp1, typename = decltype(dv<_Tp1 &>().~_Tp1())>
  static __host__ __device__ ic<bool, true> __test(int);
  template <typename _Tp1> static __host__ __device__ ic<bool, false> __test(...);
  static const bool value = decltype(__test<_Tp>(12))::value;
};
template <class T> struct pick {
  template <class U, class = typename U::tag> static __host__ __device__ ic<int, 1> f(int);
  template <class U> static __host__ __device__ ic<int, 2> f(...);
  static constexpr int value = decltype(f<T>(0))::value;
};
struct S { int x; };
struct G { using tag = int; };
static_assert(wf<const float *>::value, "");
static_assert(wf<S>::value, "");
static_assert(pick<G>::value == 1, "");
static_assert(pick<S>::value == 2, "");
__global__ void k(int *o) {
  o[0] = wf<const float *>::value;
  o[1] = wf<S>::value;
  o[2] = pick<G>::value;
  o[3] = pick<S>::value;
  o[4] = pick<int>::value;
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+4], 1;
// CHECK: st.global.b32 [%rd2+8], 1;
// CHECK: st.global.b32 [%rd2+12], 2;
// CHECK: st.global.b32 [%rd2+16], 2;
