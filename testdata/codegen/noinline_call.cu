// A __noinline__ device function stays a .func (internal: no .visible) with a prototype before
// the first body; an inlined one disappears. Non-extern-C device functions carry nvcc's names.
__device__ __noinline__ float twice(float v) { return v * 2.0f; }
__device__ float plus1(float v) { return v + 1.0f; }
extern "C" __global__ void k(float *p) { p[threadIdx.x] = twice(plus1(p[threadIdx.x])); }
// CHECK: .func  (.param .b32 func_retval0) _Z5twicef(
// CHECK-NEXT: .param .b32 _Z5twicef_param_0
// CHECK-NEXT: );
// CHECK: .func  (.param .b32 func_retval0) _Z5twicef(
// CHECK: .entry k(
// CHECK: call.uni (retval0), _Z5twicef,
// CHECK-COUNT-0: _Z5plus1f
// CHECK-COUNT-0: .extern .func
// CHECK-COUNT-0: .visible .func
