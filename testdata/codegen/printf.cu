// Device printf becomes vprintf with a packed argument buffer; floats are promoted to double.
#include <cstdio>
extern "C" __global__ void hello(float v) { printf("tid %d value %f\n", threadIdx.x, v); }
// CHECK: .extern .func  (.param .b32 func_retval0) vprintf
// CHECK: .entry hello(
// CHECK: cvt.f64.f32
// CHECK: call.uni (retval0), vprintf,
