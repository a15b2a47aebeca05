// ARGS: -arch=sm_80 -rdc=true
// An `extern "C"` function declared inside a namespace has its plain name as its symbol, and a
// builtin declared so is the builtin (the toolkit's pipeline and barrier headers declare
// `__nvvm_get_smem_pointer` inside `nvcuda::experimental::__pipeline_internal`).
namespace lib {
namespace detail {
extern "C" __device__ unsigned int __nvvm_get_smem_pointer(void *);
extern "C" __device__ int c_helper(int);
} // namespace detail
} // namespace lib

__global__ void smem_addr(unsigned int *out, int *vals) {
  __shared__ float tile[64];
  tile[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = lib::detail::__nvvm_get_smem_pointer(&tile[threadIdx.x]);
  vals[threadIdx.x] = lib::detail::c_helper(threadIdx.x);
}
// CHECK: .extern .func  (.param .b32 func_retval0) c_helper
// CHECK: .visible .entry _Z9smem_addrPjPi(
// CHECK: , _ZZ9smem_addrPjPiE4tile;
// CHECK: call.uni (retval0), c_helper,
