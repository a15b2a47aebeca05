// Functions CUDA's headers declare body-less `__device_builtin__` that cicc implements itself,
// defined by warpc's __warpc_device_builtins.h as nvcc compiles them: rnorm/rnormf are
// libdevice's __nv_rnorm/__nv_rnormf (no __nv_ symbol is left external), __fmaf_ieee_* the
// rounded fma, scalblnf/scalbln scalbn of the count clamped to int (max.s64/min.s64), fdivide
// a double division, __pm0..__pm3 the performance monitor counters.
// ARGS: -arch=sm_80
extern "C" __global__ void k(float *f, double *d, long n, unsigned *u) {
  f[0] = rnormf(3, f + 1);
  d[0] = rnorm(2, d + 1);
  f[4] = __fmaf_ieee_rn(f[5], f[6], f[7]) + __fmaf_ieee_rz(f[5], f[6], f[7]);
  f[8] = __fmaf_ieee_rd(f[5], f[6], f[7]) * __fmaf_ieee_ru(f[5], f[6], f[7]);
  f[9] = scalblnf(f[10], n);
  d[3] = scalbln(d[4], n);
  d[5] = fdivide(d[6], d[7]);
  u[0] = __pm0() + __pm1() + __pm2() + __pm3();
}
// CHECK: .entry k(
// CHECK: rsqrt.approx.f32
// CHECK: fma.rn.f32
// CHECK: fma.rz.f32
// CHECK: fma.rm.f32
// CHECK: fma.rp.f32
// CHECK: max.s64
// CHECK: min.s64
// CHECK: div.rn.f64
// CHECK: %pm0
// CHECK: %pm1
// CHECK: %pm2
// CHECK: %pm3
// CHECK-COUNT-0: .extern .func
