// <math_constants.h> is the toolkit's where one is installed (warpc's own is the fallback for
// machines without one): its double-double halves (CUDART_PI_HI/_LO) are there too.
// REFERENCE: nvcc
#include <math_constants.h>
extern "C" __global__ void consts(double *d, float *f) {
  d[0] = CUDART_PI_HI;
  d[1] = CUDART_PI_LO;
  f[0] = CUDART_INF_F;
  f[1] = CUDART_PIO2_F;
}
// CHECK: .entry consts(
// CHECK: 4614256656552045848
// CHECK: 4368955796522032135
// CHECK: 2139095040
// CHECK: 1070141403
