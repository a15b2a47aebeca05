// <device_launch_parameters.h> is the toolkit's where one is installed: its declarations of the
// builtin variables (`extern const uint3 threadIdx;` outside NVRTC) leave them the compiler's,
// and its `__cudaGet_*()` macros read them.
// REFERENCE: nvcc
#include <device_launch_parameters.h>
extern "C" __global__ void ids(unsigned *out) {
  unsigned t = __cudaGet_threadIdx().x + __cudaGet_blockIdx().x * __cudaGet_blockDim().x;
  out[t] = t * warpSize + gridDim.x;
}
// CHECK: .entry ids(
// CHECK: %tid.x
// CHECK: %ctaid.x
// CHECK: %ntid.x
// CHECK: %nctaid.x
