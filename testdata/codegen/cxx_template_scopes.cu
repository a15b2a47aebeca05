// Names in a function template's signature and in partial specialization patterns are looked up
// in the template's own scope: a static member of the enclosing class (`ic<int, STEPS>` in a
// member template of a class template, CUB's `ReduceStep(..., constant_t<STEPS>)`), a constant of
// its namespace, an enumerator of a scoped enumeration of the class template's namespace
// (libcu++'s `__optional_copy_base<T, __smf_availability::__available>`). Also the
// `__is_assignable` family of compiler traits over scalar types.
template <class T, T v> struct ic { static constexpr T value = v; };
template <auto V> using constant_t = ic<decltype(V), V>;
template <auto V> inline constexpr auto constant_v = constant_t<V>{};

template <class T, int W> struct Steps {
  static constexpr int STEPS = W == 32 ? 5 : 4;
  template <int S> __device__ static int step(int acc, constant_t<S>) { return step(acc * 2 + S, constant_v<S + 1>); }
  __device__ static int step(int acc, constant_t<STEPS>) { return acc; }
  template <class Op> __device__ static int last(Op, ic<int, STEPS>) { return STEPS; }
};

namespace ns {
constexpr int K = 7;
template <class Op> __device__ int f(Op, ic<int, K>) { return K; }
enum class avail { trivial, available, deleted };
template <class T, avail = avail::available> struct Base { static constexpr int v = 1; };
template <class T> struct Base<T, avail::available> { static constexpr int v = 2; };
template <class T> struct Base<T, avail::deleted> { static constexpr int v = 3; };
enum E { e0 };
} // namespace ns

struct S {};
constexpr int traits = __is_assignable(int &, const int &) + 2 * __is_assignable(int, int) +
                       4 * __is_assignable(const int &, int) + 8 * __is_trivially_assignable(float &, int) +
                       16 * __is_nothrow_assignable(int *&, decltype(nullptr)) +
                       64 * __is_assignable(ns::E &, ns::E) + 128 * __is_assignable(ns::E &, int) +
                       256 * __is_assignable(bool &, int *) + 512 * __is_assignable(int &&, int);

__global__ void k(int *q) {
  q[0] = Steps<float, 32>::step(0, constant_v<0>);                 // 0 1 2 3 4 -> 26
  q[1] = Steps<float, 16>::step(1, constant_v<0>);                 // 4 steps from 1 -> 27
  q[2] = Steps<int, 32>::last(0, ic<int, 5>{}) * 10 + ns::f(0, ic<int, 7>{});
  q[3] = ns::Base<int>::v * 100 + ns::Base<int, ns::avail::deleted>::v * 10 + ns::Base<int, ns::avail::trivial>::v;
  q[4] = traits;
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: 26;
// CHECK: 27;
// CHECK: 57;
// CHECK: 231;
// CHECK: 345;
