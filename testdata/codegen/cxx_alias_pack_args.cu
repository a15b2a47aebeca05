// ARGS: -arch=sm_80 -O3 -std=c++17
// A pack expansion as the argument of an alias template's parameters that are not a pack: the
// expansion's elements bind them in order, the rest joins the trailing pack (libcu++'s
// `__type_index_c`: `_Fn::template __call<_Ts...>` with `template <class, class _Ty,
// class...> using __call = _Ty`), through a member alias template named by a class a
// template parameter is bound to (`typename _Fn::template __call<...>`, `_Fn::template __call`
// as a template template argument), in a class template partial specialization's base clause.
typedef unsigned long size_t;
template <class T, T v> struct ic { static constexpr T value = v; };
template <bool, class T = void> struct en {};
template <class T> struct en<true, T> { using type = T; };
template <class... Ts> struct tl;
template <class Fn, class... Ts> using call = typename Fn::template __call<Ts...>;
template <size_t D> struct ind_fn {
  template <template <class...> class Fn, class... Ts> using __call = Fn<Ts...>;
};
template <class Fn, class... Ts>
using call_ind = typename ind_fn<sizeof(tl<Fn, Ts...> *)>::template __call<Fn::template __call, Ts...>;
template <size_t I> struct small;
template <> struct small<2> { template <class, class, class Ty, class...> using __call = Ty; };
template <> struct small<1> { template <class, class Ty, class...> using __call = Ty; };
template <> struct small<0> { template <class Ty, class...> using __call = Ty; };
template <bool> struct sel;
template <> struct sel<true> {
  template <class I, class... Ts> using __call = call_ind<small<I::value>, Ts...>;
};
template <class I, class... Ts> using idx = call<sel<(I::value < 10)>, I, Ts...>;
template <size_t I, class... Ts> using idx_c = idx<ic<size_t, I>, Ts...>;

template <class... Ts> struct types {};
template <size_t I, class T> struct elem;
template <size_t I, class... Ts> struct elem<I, types<Ts...>> : en<(I < sizeof...(Ts)), idx_c<I, Ts...>> {};

__global__ void alias_pack_args(int *out) {
  out[0] = sizeof(typename elem<0, types<char, short, double>>::type);
  out[1] = sizeof(typename elem<1, types<char, short, double>>::type);
  out[2] = sizeof(typename elem<2, types<char, short, double>>::type);
  out[3] = sizeof(idx_c<1, long, int>);
}

// CHECK: .visible .entry _Z15alias_pack_argsPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+4], 2;
// CHECK: st.global.b32 [%rd2+8], 8;
// CHECK: st.global.b32 [%rd2+12], 4;
