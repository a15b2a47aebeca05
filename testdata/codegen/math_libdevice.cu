// Library math links libdevice (no __nv_ symbol is left external); fast intrinsics use approx.
extern "C" __global__ void m(float *p, double *d) {
  p[threadIdx.x] = sinf(p[threadIdx.x]) + __expf(p[threadIdx.x]);
  d[threadIdx.x] = pow(d[threadIdx.x], 1.5);
}
// CHECK: .entry m(
// CHECK: ex2.approx
// CHECK-COUNT-0: .extern .func
// CHECK-COUNT-0: __nv_
