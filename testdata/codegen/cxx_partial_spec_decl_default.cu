// ARGS: -arch=sm_80 -std=c++17
// A partial specialization that omits an argument whose default only an earlier declaration
// gives (libcu++'s `template <class, class = void> struct iterator_traits;`, then the definition
// `template <class I, class> struct iterator_traits`, then `iterator_traits<T*>`): the omitted
// argument is that default, so `tr<const float *>` (`tr<const float *, void>`) matches `tr<T *>`.
template <class, class = void> struct tr;
template <class I, class> struct tr {};
template <class T> struct tr<T *> {
  using value_type = T;
};
template <class, class = void> struct tr2;
template <class T> struct tr2<T *> {
  using value_type = T;
};
template <class I, class> struct tr2 {};
__global__ void k(int *o) {
  o[0] = sizeof(typename tr<const float *>::value_type);
  o[1] = sizeof(typename tr2<const double *, void>::value_type);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 4;
// CHECK: st.global.b32 [%rd2+4], 8;
