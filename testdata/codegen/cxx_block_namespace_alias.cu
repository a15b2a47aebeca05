// `namespace a = N;` in a block (libcu++ users write `namespace s = cuda::std;` inside kernels):
// `a::x` denotes `N::x` until the end of the block; N is named relative to the function's
// namespaces, and may itself start with an alias.
namespace outer {
namespace detail {
namespace inner {
struct P {
  int v;
};
__device__ int twice(int x) { return 2 * x; }
} // namespace inner
} // namespace detail

__device__ int use(int x) {
  namespace di = detail::inner;
  di::P p{x};
  int r = di::twice(p.v);
  {
    namespace d = detail;
    namespace i2 = d::inner;
    r += i2::twice(1);
  }
  return r;
}
} // namespace outer

__global__ void block_namespace_alias(int *out) {
  namespace oi = ::outer::detail::inner;
  int t = threadIdx.x;
  out[t] = outer::use(t) + oi::twice(100);
}
// CHECK: .visible .entry _Z21block_namespace_aliasPi(
