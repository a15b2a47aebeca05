// ARGS: -arch=sm_80 -std=c++17
// An argument converted by a converting constructor template (chrono's `duration(const
// duration<R2, P2>&)` when a `milliseconds` is passed for a `nanoseconds` parameter); a
// parameter whose default argument is `{}` (libcu++'s atomics' `_Sco = {}`); and
// `ns::f<L>(args)`, a call of a function template that the parser took for a cast because a
// class template of the same name exists elsewhere (libcu++'s `__detail::__type_switch_fn`).
template <long N> struct per {};
template <class P> struct dur {
  long r;
  dur() = default;
  __host__ __device__ explicit dur(long x) : r(x) {}
  template <class P2, int = 0> __host__ __device__ dur(const dur<P2> &d) : r(d.r * 1000) {}
};
__device__ long take(dur<per<9>> d) { return d.r; }

struct blk {};
template <class T, class S> __device__ void store(T *p, T v, S) { *p = v; }
template <class T, class U, class Sco> __device__ void dispatch(T *a, U v, Sco = {}) { store(a, v + 1, Sco{}); }

template <class T, class U> struct pick {};
namespace detail {
template <int L> __device__ int pick(int x) { return x * L; }
} // namespace detail

__global__ void k(long *o, int *p) {
  o[0] = take(dur<per<6>>(3));
  dur<per<6>> m(4);
  o[1] = take(m);
  dispatch(p, 41, blk{});
  dispatch<int, int, blk>(p + 1, 42);
  p[2] = detail::pick<3>(p[0]);
}
// CHECK: .visible .entry _Z1kPlPi(
// CHECK: st.global.b64 [%rd2], 3000;
// CHECK: st.global.b64 [%rd2+8], 4000;
// CHECK: st.global.b32 [%rd4], 42;
// CHECK: st.global.b32 [%rd4+4], 43;
// CHECK: st.global.b32 [%rd4+8], 126;
