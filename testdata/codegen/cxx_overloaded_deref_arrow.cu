// ARGS: -arch=sm_80 -std=c++17
// A class's unary `operator*` (ref-qualified overloads picked by the object's value category and
// constness, a member or a namespace-scope function, writing through the returned reference) and
// `operator->` (applied again while it returns a class, [over.ref]), as iterators, `optional` and
// smart pointers use them; cuda::std::optional's `*` (CUB's warp reductions call it).
// REFERENCE: nvcc
#include <cuda/std/optional>
struct P2 { int x, y; __device__ int sum() const { return x + y; } };
template <class T> struct opt {
  T v;
  __device__ constexpr const T &operator*() const & { return v; }
  __device__ constexpr T &operator*() & { return v; }
  __device__ constexpr T &&operator*() && { return static_cast<T &&>(v); }
  __device__ constexpr int tag() const & { return 1; }
};
template <class T> __device__ int which(T &) { return 1; }
template <class T> __device__ int which(const T &) { return 2; }
template <class T> __device__ int which(T &&) { return 3; }
struct ptr { P2 *p; __device__ P2 *operator->() const { return p; } };
struct outer { ptr q; __device__ ptr operator->() const { return q; } };
struct cell { int *p; };
__device__ int &operator*(const cell &c) { return *c.p; }
__device__ opt<int> make(int v) { return opt<int>{v}; }
// CHECK: .visible .entry _Z1kPiP2P2
// CHECK-NOT: call
// CHECK: +8], 123;
// CHECK: ], 7;
// CHECK: +16], 11;
// CHECK: +20], 12;
// CHECK-NOT: call
__global__ void k(int *o, P2 *q) {
  opt<int> a{o[0]};
  const opt<int> b{o[1]};
  *a = *a + 5;
  o[0] = *a;
  o[1] = *b * 2;
  o[2] = which(*a) * 100 + which(*b) * 10 + which(*make(3));
  ptr p{q};
  outer w{p};
  p->x = 7;
  o[3] = p->sum() + w->y;
  cell c{o + 4};
  *c = 11;
  o[5] = *c + 1;
  cuda::std::optional<int> u = o[6];
  if (const auto v = u) o[6] = *v + 100;
  o[7] = (*q).x * 10 + a.tag();
}
