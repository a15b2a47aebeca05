// Loops are ), "h"(b));
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(c) : "f"(v));
  asm("mul.rn.bf16 %0, %1, %2;" : "=h"(m) : "hnot peeled (`-unroll-peel-max-count=0`), as cicc does not peel: the full-unroll
// pass used to copy the k = 0 iteration of this loop out of it, with a third inlined `pow`
// (testdata/perf/option_pricing: 80 -> 78 registers without the copies). One loop, two calls
// of libdevice's `__internal_accurate_pow`.
extern "C" __global__ void powers(double *v, double u, double d) {
  for (int k = 0; k <= 24; ++k) v[k] = pow(u, (double)(24 - k)) * pow(d, (double)k);
}
// CHECK: .entry powers(
// CHECK-COUNT-2: call.uni (retval0), __internal_accurat
#include "inc/a.h"
#include "sp ace.h"
#include <cstdio>
#include <sys_header.h>
__global__ void k(int *p) { *p = A + B + S; }
e_pow
