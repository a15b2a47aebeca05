// Anonymous namespaces: members are visible in the enclosing namespace and have internal
// linkage (`.func` without `.visible`); warpc names the namespace `_GLOBAL__N_1` (nvcc uses a
// hash of the file's path, so internal names differ; visible names do not). A static kernel is
// an `.entry` without `.visible`, as nvcc emits it.
namespace {
__device__ __noinline__ int triple(int x) { return x * 3; }
struct Q {
  int v;
};
__device__ int bias = 5;
} // namespace
namespace lib {
namespace {
__device__ int twice(int x) { return 2 * x; }
} // namespace
__device__ int quad(int x) { return twice(twice(x)); }
} // namespace lib
__device__ __noinline__ int take(Q q) { return q.v + bias; }
__global__ void anon_ns(int *o) {
  int t = threadIdx.x;
  o[t] = triple(t) + take(Q{t}) + lib::quad(t);
}
static __global__ void static_kernel(int *o) { o[threadIdx.x] = 7; }
// CHECK: .global .align 4 .u32 _ZN12_GLOBAL__N_14biasE = 5;
// CHECK: .func  (.param .b32 func_retval0) _ZN12_GLOBAL__N_16tripleEi(
// CHECK: .func  (.param .b32 func_retval0) _Z4takeN12_GLOBAL__N_11QE(
// CHECK: .visible .entry _Z7anon_nsPi(
// CHECK: .entry _Z13static_kernelPi(
