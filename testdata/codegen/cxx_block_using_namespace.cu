// `using namespace N;` in a block (xsf's lambertw.h: `using namespace detail::lambertw_real;`):
// N, named relative to the function's namespaces, is searched by unqualified lookup until the
// end of the block.
namespace outer {
namespace detail {
namespace inner {
__device__ const double z0 = 0.25;
__device__ double twice(double x) { return 2 * x; }
} // namespace inner
} // namespace detail

__device__ double use(double x) {
  double r = 0;
  {
    using namespace detail::inner;
    r = x < z0 ? twice(x) : x;
  }
  {
    using namespace ::outer::detail::inner;
    r += twice(1.0);
  }
  return r;
}
} // namespace outer

__global__ void block_using_namespace(double *out) {
  int t = threadIdx.x;
  out[t] = outer::use(t * 0.125);
}
// CHECK: .visible .entry _Z21block_using_namespacePd(
