// __managed__ variables (unified memory, also written by the host) are __device__ globals that
// PTX marks `.attribute(.managed)`, as nvcc emits them; their initializer is not assumed by
// device code (the host may have changed it).
// ARGS: -arch=sm_80 -O3
__managed__ float scale = 2.0f;
__managed__ unsigned int counter;
__managed__ long long partials[16];
__device__ __managed__ int both = 3;
__device__ int plain;

__global__ void use(float *out) {
  out[0] = scale * out[1];
  partials[threadIdx.x & 15] = atomicAdd(&counter, 1u);
  plain = both;
}
// CHECK: .global .attribute(.managed) .align 4 .f32 scale = 0f40000000;
// CHECK: .global .attribute(.managed) .align 4 .u32 counter;
// CHECK: .global .attribute(.managed) .align 8 .b8 partials[128];
// CHECK: .global .attribute(.managed) .align 4 .u32 both = 3;
// CHECK: .global .align 4 .u32 plain;
// CHECK: .entry _Z3usePf(
// CHECK: [scale]
// CHECK: atom.global.add.u32
// CHECK: [both]
