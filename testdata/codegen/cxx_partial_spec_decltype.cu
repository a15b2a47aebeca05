// Partial specializations whose argument is a `decltype` of an expression naming the
// parameters (libcu++'s `is_convertible` fallback: `S<F, T, decltype(test_convert<T>(
// declval<F>()))>`): a non-deduced context, substituted with the deduced parameters and compared
// with the argument; a substitution failure (no viable call, no such member) is no match
// (SFINAE), not an error. Also `decltype` of function template calls in declarations outside
// partial specializations (a namespace-scope alias, a member's type).
// ARGS: -arch=sm_80 -O3 -std=c++17
namespace imp {
template <class T> __host__ __device__ T &&declval() noexcept;
template <class T> __host__ __device__ void test_convert(T);
template <class T> __host__ __device__ T twice(T);
} // namespace imp
template <class F, class T, class = void> struct conv {
  static constexpr int v = 0;
};
template <class F, class T> struct conv<F, T, decltype(::imp::test_convert<T>(::imp::declval<F>()))> {
  static constexpr int v = 1;
};
// void_t style: `decltype(expr, void())`.
template <class T, class = void> struct has_size {
  static constexpr int v = 0;
};
template <class T> struct has_size<T, decltype(imp::declval<T &>().size(), void())> {
  static constexpr int v = 2;
};
// The pattern's type must equal the argument: `int` here, not `void`.
template <class T, class = int> struct plus_int {
  static constexpr int v = 0;
};
template <class T> struct plus_int<T, decltype(imp::twice(imp::declval<T>()) + 1)> {
  static constexpr int v = 3;
};
struct A {};
struct B : A {};
struct C {};
struct Sized {
  __device__ int size() const { return 4; }
};
using Twice = decltype(imp::twice<long>(1));
struct Holder {
  decltype(imp::twice(2.0f)) m;
};
__global__ void k(int *out) {
  out[0] = conv<int, long>::v;
  out[1] = conv<int *, void *>::v;
  out[2] = conv<void *, int *>::v;
  out[3] = conv<const int &, long>::v;
  out[4] = conv<B *, A *>::v;
  out[5] = conv<A *, B *>::v;
  out[6] = conv<C, A>::v;
  out[7] = has_size<Sized>::v;
  out[8] = has_size<int>::v;
  out[9] = plus_int<short>::v;
  out[10] = plus_int<double>::v;
  out[11] = plus_int<C>::v;
  out[12] = sizeof(Twice) + sizeof(Holder) * 10;
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+4], 1;
// CHECK: st.global.b32 [%rd2+8], 0;
// CHECK: st.global.b32 [%rd2+12], 1;
// CHECK: st.global.b32 [%rd2+16], 1;
// CHECK: st.global.b32 [%rd2+20], 0;
// CHECK: st.global.b32 [%rd2+24], 0;
// CHECK: st.global.b32 [%rd2+28], 2;
// CHECK: st.global.b32 [%rd2+32], 0;
// CHECK: st.global.b32 [%rd2+36], 3;
// CHECK: st.global.b32 [%rd2+40], 0;
// CHECK: st.global.b32 [%rd2+44], 0;
// CHECK: st.global.b32 [%rd2+48], 48;
