// A partial specialization selected through `void_t` of a member of its parameter
// (`S<I, __void_t<typename I::iterator_category>>`, libstdc++'s `__iterator_traits` that
// libcu++'s `iter_value_t` reaches): a type without that member (an array, a scalar, a pointer)
// is no match (SFINAE), not an error; a class with it is one.
// ARGS: -arch=sm_80 -O3 -std=c++17
namespace ns {
template <class...> using void_t = void;
template <class I, class = void_t<>> struct traits {
  static constexpr int v = 1;
};
template <class I> struct traits<I, void_t<typename I::category, typename I::value_type>> {
  static constexpr int v = 2 + sizeof(typename I::value_type);
};
template <class I, class = void> struct has_cat {
  static constexpr bool v = false;
};
template <class I> struct has_cat<I, typename I::category> {
  static constexpr bool v = true;
};
} // namespace ns
struct It {
  using category = void;
  using value_type = double;
};
struct NoValue {
  using category = void;
};
__global__ void k(int *out) {
  out[0] = ns::traits<float[4]>::v;
  out[1] = ns::traits<float>::v;
  out[2] = ns::traits<int *>::v;
  out[3] = ns::traits<It>::v;
  out[4] = ns::traits<NoValue>::v;
  out[5] = ns::has_cat<It>::v;
  out[6] = ns::has_cat<int>::v;
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+4], 1;
// CHECK: st.global.b32 [%rd2+8], 1;
// CHECK: st.global.b32 [%rd2+12], 10;
// CHECK: st.global.b32 [%rd2+16], 1;
// CHECK: st.global.b32 [%rd2+20], 1;
// CHECK: st.global.b32 [%rd2+24], 0;
