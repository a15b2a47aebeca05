// Qualified names that start with a decltype-specifier: `decltype(e)::member` in expressions,
// `decltype(e)::type` and `typename decltype(e)::type` in types (libcu++'s traits write
// `decltype(__test<_Tp>(12))::value`).
struct TrueT {
  static const bool value = true;
  using type = int;
};
struct Outer {
  struct In {
    static constexpr int v = 7;
    using type = short;
  };
  static constexpr int w = 3;
};
__device__ Outer o;
__device__ TrueT tt;
template <class T> struct Wrap {
  static const bool value = decltype(T())::value;
  using type = typename decltype(T())::type;
};
static_assert(Wrap<TrueT>::value && sizeof(Wrap<TrueT>::type) == 4, "");
typedef decltype(o)::In::type S16;
static_assert(sizeof(S16) == 2, "");
__global__ void decltype_scope(const int *in, int *out) {
  int t = threadIdx.x;
  decltype(o)::In i;
  typename decltype(tt)::type x = in[t];
  out[t] = decltype(o)::In::v + decltype(o)::w * 10 + sizeof(i) + x * 100 + decltype(tt)::value;
}
// CHECK: .visible .entry _Z14decltype_scopePKiPi(
// CHECK: , 100, 39;
