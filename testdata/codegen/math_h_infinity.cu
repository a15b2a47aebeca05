// INFINITY, HUGE_VALF and HUGE_VAL of <math.h>: glibc's header expands them to GCC's builtins
// (__builtin_inff(), __builtin_huge_valf(), __builtin_huge_val()), which the compiler supplies.
// ARGS: -arch=sm_80 -O3
#include <math.h>
__global__ void infs(const float* in, float* out, double* dout) {
    int i = threadIdx.x;
    float v = in[i];
    out[2 * i] = v > 0.0f ? INFINITY : -INFINITY;
    out[2 * i + 1] = v < 1.0f ? HUGE_VALF : v;
    dout[i] = v > 0.0f ? HUGE_VAL : -HUGE_VAL;
}
// CHECK: .entry _Z4infsPKfPfPd(
// CHECK: 0f7F800000
// CHECK: 0d7FF0000000000000
