// ARGS: -arch=sm_80 -std=c++17
// Template patterns and names nvcc accepts (values as nvcc computes them):
// - a variable template's partial specialization over a class template-id deduces the
//   template-id's arguments (`v<D<A, B>>`; libcu++'s `__is_cuda_std_duration_v`);
// - a class template partial specialization `impl<cts<A, B>>` does not match `cts<char, short,
//   long>`: a pack takes no default for the missing arguments (libcu++'s 3-type common_type);
// - `sizeof(ns::S<char>)`, `sizeof(ns::A<int>)` of namespace members' class/alias templates;
// - `nov<P>::type::num`: a value through a member type of a specialization (chrono's
//   `__no_overflow<_Period2, period>::type::den` in a constructor template's constraint).
template <class A, class B> struct D {};
template <class X> inline constexpr bool v1 = false;
template <class A, class B> inline constexpr bool v1<D<A, B>> = true;
template <class X> inline constexpr int v2 = 0;
template <class A> inline constexpr int v2<D<A, int>> = 2;

template <class... T> struct cts;
template <class, class = void> struct impl {
  static const int v = 0;
};
template <class A, class B> struct impl<cts<A, B>, void> {
  static const int v = 2;
};
template <class A, class B, class C, class... R> struct impl<cts<A, B, C, R...>, void> {
  static const int v = 3;
};

namespace ns {
template <class T> struct S {
  T x;
};
template <class T> using A = S<T>;
} // namespace ns

template <long N, long Dn = 1> struct ratio {
  static constexpr long num = N;
  static constexpr long den = Dn;
};
template <class R> struct nov {
  using type = ratio<7 * R::num, 1>;
};
template <class P, long V = nov<P>::type::num> __device__ long f() { return V; }
template <class P> __device__ long g() { return nov<P>::type::num + nov<P>::type::den; }

__global__ void k(long *o) {
  o[0] = v1<D<long long, char>>;
  o[1] = v2<D<char, int>> + v2<D<char, char>>;
  o[2] = impl<cts<char, short, long>>::v;
  o[3] = impl<cts<char, short>>::v;
  o[4] = sizeof(ns::S<char>) + sizeof(ns::A<int>);
  o[5] = f<ratio<2>>() + g<ratio<3>>();
}
// CHECK: .visible .entry _Z1kPl(
// CHECK: st.global.b64 [%rd2], 1;
// CHECK: st.global.b64 [%rd2+8], 2;
// CHECK: st.global.b64 [%rd2+16], 3;
// CHECK: st.global.b64 [%rd2+24], 2;
// CHECK: st.global.b64 [%rd2+32], 5;
// CHECK: st.global.b64 [%rd2+40], 36;
