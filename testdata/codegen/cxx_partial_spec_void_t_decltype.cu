// ARGS: -arch=sm_80 -std=c++17
// A partial specialization whose argument names the parameters only inside a `decltype`
// nested in an alias template (`void_t<decltype(declval<T>()(declval<V>(), declval<V>()))>`,
// CUB's `has_binary_call_operator`): a non-deduced context, substituted once `T` and `V` are
// deduced from the other arguments, and no match when the substitution fails (SFINAE). It
// was resolved before the deduction ("identifier "T" is undefined" at the primary).
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 1;
// CHECK: +4], 0;
// CHECK: +8], 0;
// CHECK: +12], 0;
// CHECK: +16], 12;
// CHECK: +20], 3;
// CHECK: +24], 20;
// CHECK: +28], 7;
template <class T, T v> struct ic {
  static constexpr T value = v;
};
using t_t = ic<bool, true>;
using f_t = ic<bool, false>;
template <class...> using void_t = void;
template <class> using void1_t = void;
template <class T> __device__ T &&declval() noexcept;
template <class T, class V, class = void> struct hb : f_t {};
template <class T, class V>
struct hb<T, V, void_t<decltype(declval<T>()(declval<V>(), declval<V>()))>> : t_t {};
struct Plus {
  __device__ int operator()(int a, int b) const { return a + b; }
};
struct Ptrs {
  __device__ int operator()(int *a, int *b) const { return *a + *b; }
};
struct None {};
// The primary's parameters named otherwise; a one-parameter alias; a `decltype` of a member
// call and of a functional cast.
template <class A, class = void> struct has_size {
  static constexpr int v = 3;
};
template <class T> struct has_size<T, void1_t<decltype(declval<T &>().size())>> {
  static constexpr int v = 10 + sizeof(decltype(declval<T &>().size()));
};
template <class A, class = void> struct def_ctor {
  static constexpr int v = 7;
};
template <class T> struct def_ctor<T, void_t<int, decltype(T(1, 2))>> {
  static constexpr int v = 20;
};
struct Sized {
  __device__ short size() { return 2; }
};
struct Two {
  __device__ Two(int, int) {}
};
template <class Op, class V> __device__ int apply(Op op, V a, V b) {
  static_assert(hb<Op, V>::value, "binary operator");
  return op(a, b);
}
__global__ void k(int *o) {
  o[0] = hb<Plus, int>::value;
  o[1] = hb<None, int>::value;
  o[2] = hb<int, int>::value;
  o[3] = hb<Ptrs, int>::value;
  o[4] = has_size<Sized>::v + apply(Plus{}, 4, 6) - 10;
  o[5] = has_size<None>::v;
  o[6] = def_ctor<Two>::v;
  o[7] = def_ctor<None>::v;
}
