// ARGS: -arch=sm_80 -std=c++17
// libcu++'s pointer_traits shape at item level: a member typedef of a class template naming a
// base's member alias template (`pt<V>::template rebind<T>`, declared in the partial
// specialization `impl<P, void_t<...>>`) that names its sibling `pointer`; and a template
// template parameter given an empty pack (`S<U, A...>` with `template <class> class S`).
namespace ns {
template <class...> using void_t = void;
template <class P> struct elem { using type = int; };
template <class P, class U> struct rb;
template <template <class, class...> class S, class T, class... A, class U> struct rb<S<T, A...>, U> {
  using type = S<U, A...>;
};
template <class P, class = void> struct impl {};
template <class P> struct impl<P, void_t<typename elem<P>::type>> {
  using pointer = P;
  template <class U> using rebind = typename rb<pointer, U>::type;
};
template <class P, class = void> struct pt : impl<P> {};
} // namespace ns
template <class T> struct dp { T *p; };
template <class T, class U = int> struct two { T a; U b; };
template <class T, class V> struct alloc { using pointer = typename ns::pt<V>::template rebind<T>; };
template <class T, class V> struct alloc2 { using pointer = typename ns::impl<V>::template rebind<T>; };
__global__ void k(int *o) {
  typename alloc<double, dp<void>>::pointer a;
  typename alloc2<short, dp<void>>::pointer b;
  typename ns::rb<two<char, double>, short>::type c;
  typename ns::pt<dp<char>>::template rebind<long> d;
  o[0] = sizeof(*a.p);
  o[1] = sizeof(*b.p);
  o[2] = sizeof(c.b) + sizeof(c.a) * 100;
  o[3] = sizeof(*d.p);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 8;
// CHECK: st.global.b32 [%rd2+4], 2;
// CHECK: st.global.b32 [%rd2+8], 208;
// CHECK: st.global.b32 [%rd2+12], 8;
