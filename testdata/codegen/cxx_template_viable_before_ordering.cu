// ARGS: -arch=sm_80 -O3 -std=c++17
// Overload resolution among function templates: partial ordering only ranks the viable ones
// (cub::BlockScan::ExclusiveSum's call `ExclusiveScan(input, output, initial_value, plus<>{})`
// takes `ExclusiveScan(T (&)[N], T (&)[N], T, ScanOp)`, not the more specialized
// `ExclusiveScan(T (&)[N], T (&)[N], ScanOp, PrefixCallback&)`, which cannot bind the `plus<>{}`
// temporary to its `PrefixCallback&`).
struct Plus {
  template <class A, class B> __device__ A operator()(A a, B b) const { return a + b; }
};
struct Offset {
  int k;
  __device__ int operator()(int a) { return a + k; }
};
template <class T> struct Scan {
  template <class Op> __device__ T f(T a, T &out, T init, Op op) { return out = op(a, init); }
  template <class Op, class CB> __device__ T f(T a, T &out, Op op, CB &cb) { return out = op(a, cb(a)) * 100; }
  template <int N, class Op> __device__ T f(T (&a)[N], T (&out)[N], T init, Op op) {
    T s = init;
    for (int i = 0; i < N; ++i) s = op(s, a[i]);
    return out[0] = s * 10;
  }
  template <int N, class Op, class CB> __device__ T f(T (&a)[N], T (&out)[N], Op op, CB &cb) {
    T s = cb(a[0]);
    for (int i = 1; i < N; ++i) s = op(s, a[i]);
    return out[0] = s * 1000;
  }
  template <int N> __device__ T sum(T (&a)[N], T (&out)[N]) {
    T init{};
    return f(a, out, init, Plus{});
  }
};
template <class T> __device__ int g(T) { return 1; }
template <class T> __device__ int g(T *) { return 2; }
__global__ void viable_first(const int *in, int *out) {
  int t = threadIdx.x;
  int x = in[t];
  int items[4] = {x, x + 1, x + 2, x + 3};
  int res[4];
  Scan<int> s;
  Offset off{7};
  int *o = out + 5 * t;
  o[0] = s.sum(items, res);          // f(T (&)[N], T (&)[N], T, Op): 10 * (4x + 6)
  o[1] = s.f(items, res, Plus{}, off); // f(T (&)[N], T (&)[N], Op, CB&): 1000 * (4x + 13)
  o[2] = s.f(x, res[0], 5, Plus{});    // f(T, T&, T, Op): x + 5
  o[3] = s.f(x, res[0], Plus{}, off);  // f(T, T&, Op, CB&): 100 * (2x + 7)
  o[4] = g(o) * 10 + g(x);           // g(T*) over g(T) for a pointer: 21
}
// CHECK: .visible .entry _Z12viable_firstPKiPi(
