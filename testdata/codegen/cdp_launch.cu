// ARGS: -arch=sm_80 -rdc=true
// Kernel launches from device code (dynamic parallelism, CDP2), lowered as nvcc lowers them:
// a parameter buffer from __cudaCDP2GetParameterBufferV2(kernel, grid, block, shared memory),
// the arguments stored at the kernel's parameter offsets (each aligned to its type), then
// __cudaCDP2LaunchDeviceV2(buffer, stream). The device runtime API (cudaGetLastError) calls
// its __cudaCDP2 entry point.
struct __align__(16) V4 { float x, y, z, w; };

__global__ void child(char c, double d, V4 v, const int* p, int* out) {
  out[threadIdx.x] = c + (int)d + (int)v.w + p[0];
}

template <typename T>
__global__ void tchild(T* out, T v) { out[0] = v; }

__global__ void parent(const int* p, int* out, float* f, int n, int* errors) {
  V4 v{1.0f, 2.0f, 3.0f, 4.0f};
  child<<<n, 64>>>('a', 2.5, v, p, out);
  tchild<<<1, blockDim, 128, cudaStreamFireAndForget>>>(out, 7);
  if (cudaGetLastError() != cudaSuccess) atomicAdd(errors, 1);
  tchild<<<1, 1, 0, cudaStreamTailLaunch>>>(f, 3.0f);
}

// The device runtime's entry points, declared as nvcc declares them:
// CHECK: .extern .func  (.param .b64 func_retval0) __cudaCDP2GetParameterBufferV2
// CHECK: .param .align 4 .b8 __cudaCDP2GetParameterBufferV2_param_1[12],
// CHECK: .extern .func  (.param .b32 func_retval0) __cudaCDP2LaunchDeviceV2
// CHECK: .extern .func  (.param .b32 func_retval0) __cudaCDP2GetLastError
// The template kernels launched by address are declared before the first use:
// CHECK: .entry _Z6tchildIiEvPT_S0_(
// CHECK: .entry _Z6tchildIfEvPT_S0_(
// CHECK: .entry _Z5childcd2V4PKiPi(
// CHECK: .entry _Z6parentPKiPiPfiS1_(
// child<<<n, 64>>>('a', 2.5, v, p, out): char at 0, double at 8, the 16-byte aligned V4 at 16,
// the pointers at 32 and 40 (nvcc's offsets; 2.5 is 0x4004000000000000); the default stream is 0.
// CHECK: call.uni (retval0), __cudaCDP2GetParameterBufferV2, (param0, param1, param2, param3);
// CHECK: setp.eq.b64
// CHECK: ], 97;
// CHECK: +8], 4612811918334230528;
// CHECK: +16], {0f3F800000, 0f40000000, 0f40400000, 0f40800000};
// CHECK: +32], {
// CHECK: st.param.b64 [param1], 0;
// CHECK-NEXT: call.uni (retval0), __cudaCDP2LaunchDeviceV2, (param0, param1);
// tchild<<<1, blockDim, 128, cudaStreamFireAndForget>>>(out, 7): cudaStreamFireAndForget is 4.
// CHECK: call.uni (retval0), __cudaCDP2GetParameterBufferV2,
// CHECK: +8], 7;
// CHECK: st.param.b64 [param1], 4;
// CHECK-NEXT: call.uni (retval0), __cudaCDP2LaunchDeviceV2,
// CHECK: call.uni (retval0), __cudaCDP2GetLastError, ();
// tchild<<<1, 1, 0, cudaStreamTailLaunch>>>(f, 3.0f): cudaStreamTailLaunch is 3.
// CHECK: +8], 1077936128;
// CHECK: st.param.b64 [param1], 3;
// CHECK-NEXT: call.uni (retval0), __cudaCDP2LaunchDeviceV2,
