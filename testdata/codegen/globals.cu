// __constant__ and __device__ globals with initializers, read from a kernel.
__constant__ float coeffs[4] = {1.0f, 0.5f, 0.25f, 0.125f};
__device__ int table[2] = {7, 9};
extern "C" __global__ void g(float *out) { out[threadIdx.x] = coeffs[threadIdx.x & 3] + table[threadIdx.x & 1]; }
// CHECK: .const .align 4 .b8 coeffs[16] = {
// CHECK: .global .align 4 .b8 table[8] = {7, 0, 0, 0, 9};
// CHECK: .entry g(
// CHECK: ld.const.
// CHECK: ld.global.
// CHECK-COUNT-0: .extern .const
