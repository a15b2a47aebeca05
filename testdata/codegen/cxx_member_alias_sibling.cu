// ARGS: -arch=sm_80 -std=c++17
// A member alias template naming a sibling member typedef (`rebind` through `pointer`, the
// shape of libcu++'s `pointer_traits<P>::rebind<U>`), directly and through a base class, and
// `sizeof(S<T>::v::type)` with `v` a member typedef naming a specialization.
template <class P, class U> struct tr { using type = U *; };
template <class P, class U> struct tr<P *, U> { using type = U[2]; };
template <class P> struct impl {
  using pointer = P;
  using element = char[sizeof(P)];
  template <class U> using rebind = typename tr<pointer, U>::type;
  template <class U> using pair = U[sizeof(element)];
};
template <class P> struct pt : impl<P> {};
template <class A, class B> struct same { static constexpr bool value = false; };
template <class A> struct same<A, A> { static constexpr bool value = true; };
template <class T> struct box { using type = T; using arr = T[3]; };
template <class T> struct probe { using v = box<T>; };
__global__ void k(int *o) {
  typename impl<int>::template rebind<double> a = nullptr;
  typename pt<int>::template rebind<double> b = nullptr;
  o[0] = sizeof(*a) + sizeof(*b);
  o[1] = sizeof(typename impl<short *>::template rebind<double>);
  o[2] = sizeof(typename pt<char>::template pair<short>);
  o[3] = same<typename pt<long>::template rebind<char>, char *>::value;
  o[4] = sizeof(probe<double>::v::type);
  o[5] = sizeof(probe<short>::v::arr);
  o[6] = sizeof(typename probe<char>::v::type);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 16;
// CHECK: st.global.b32 [%rd2+4], 16;
// CHECK: st.global.b32 [%rd2+8], 2;
// CHECK: st.global.b32 [%rd2+12], 1;
// CHECK: st.global.b32 [%rd2+16], 8;
// CHECK: st.global.b32 [%rd2+20], 6;
// CHECK: st.global.b32 [%rd2+24], 1;
