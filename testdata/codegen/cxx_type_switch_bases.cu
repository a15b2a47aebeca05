// ARGS: -arch=sm_80 -O3 -std=c++17
// libcu++'s `__type_switch` shape: base-specifier pack expansions over a member alias template
// of a pack (`C::template rebind<T>...`), a member alias naming its class by the injected
// name (`using rebind = td;`), deduction through an alias template (`tc<L, V>*` =
// `tc_<ic<decltype(L), L>, V>*`) against the bases of the pointee, and a class template-id
// nested in a function template's parameter (`tc_<ic<int, L>, V>*`: one class with
// `tc_<ic<int, 2>, double>`, mangled `XT_E` as nvcc does).
template <class T, T v> struct ic { static constexpr T value = v; };
template <class L, class V> struct tc_ {
  template <class O> using rebind = tc_<ic<O, L::value>, V>;
  using type = V;
};
template <auto L, class V> using tc = tc_<ic<decltype(L), L>, V>;
template <class V> struct td { template <class> using rebind = td; using type = V; };
template <auto L, class V> __device__ auto swf(tc<L, V> *, int) -> tc<L, V>;
template <auto L, class V> __device__ auto swf(td<V> *, long) -> td<V>;
template <class T, class... C> struct sw : C::template rebind<T>... {
  template <class L> using call = typename decltype(swf<L::value>(static_cast<sw *>(nullptr), 0))::type;
};
template <auto L, class... C> using tswitch = typename sw<decltype(L), C...>::template call<ic<decltype(L), L>>;
template <int L, class V> __noinline__ __device__ void nested(tc_<ic<int, L>, V> *, int *o) { o[0] = L + sizeof(V); }
__global__ void k(int *o) {
  o[0] = sizeof(tswitch<2, tc<1, char>, tc<2, double>, tc<4, short>>);
  o[1] = sizeof(tswitch<4ul, tc<1, char>, tc<2, double>, tc<4, short>>);
  o[2] = sizeof(tswitch<7, tc<1, char>, tc<2, double>, td<float>>);
  o[3] = sizeof(tswitch<(char)1, tc<1, char>, tc<2, double>, td<float>>);
  sw<int, tc<2, double>, td<char>> s;
  tc_<ic<int, 2>, double> *p = &s;
  nested<2>(p, o + 4);
  nested(p, o + 5);
}
// CHECK: .func _Z6nestedILi2EdEvP3tc_I2icIiXT_EET0_EPi(
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 8;
// CHECK: st.global.b32 [%rd2+4], 2;
// CHECK: st.global.b32 [%rd2+8], 4;
// CHECK: st.global.b32 [%rd2+12], 1;
