// ARGS: -arch=sm_80 -O3 -std=c++17
// A variable template whose non-type parameters have the type of an earlier type parameter
// (`template <class TS, TS Dyn, TS... V>`, libcu++'s `__count_dynamic_v`), used in a body, at
// namespace scope and with a pack expansion in a class template's base (`__maybe_static_array`
// of `extents`), whose constructor initializes that base through a member alias.
typedef unsigned long size_t;
template <class T, size_t S> struct arr {
  T v[S];
  __host__ __device__ constexpr T get(size_t i) const { return v[i]; }
};
template <class T> struct arr<T, 0> {
  __host__ __device__ constexpr T get(size_t) const { return T(); }
};
template <class TS, TS Dyn, TS... V>
inline constexpr size_t count_v = (size_t{0} + ... + static_cast<size_t>(V == Dyn));
template <class TS, TS Dyn> inline constexpr size_t one_v = Dyn;
static_assert(count_v<size_t, 0, 0, 1, 0> == 2, "");
static_assert(one_v<int, 7> == 7, "");
template <class TD, class TS, TS Dyn, TS... V>
struct msa : private arr<TD, count_v<TS, Dyn, V...>> {
  static constexpr size_t nd = count_v<TS, Dyn, V...>;
  using DV = arr<TD, nd>;
  template <class... D>
  __host__ __device__ constexpr msa(D... d) : DV{static_cast<TD>(d)...} {}
  __host__ __device__ constexpr TD dyn(size_t i) const { return DV::get(i); }
};
__global__ void k(int *o, int n) {
  msa<int, size_t, ~size_t(0), ~size_t(0), 16, ~size_t(0)> m(n, n + 5);
  o[0] = m.dyn(0);
  o[1] = m.dyn(1);
  o[2] = (int)sizeof(m);
  o[3] = count_v<size_t, 0, 0, 1, 0>;
  o[4] = one_v<int, 7>;
  o[5] = (int)sizeof(msa<char, int, -1, 3, 4>);
}
// CHECK: .visible .entry _Z1kPii(
// CHECK: st.global.b32 [%rd2+12], 2;
// CHECK: st.global.b32 [%rd2+16], 7;
