// Explicit specializations of function templates: with written or deduced arguments, non-type
// arguments, a __noinline__ one keeping the template instance's symbol (as nvcc mangles it).
template <class T> __device__ T twice(T a) { return a + a; }
template <> __device__ float twice<float>(float a) { return a * 3.0f; }
template <> __device__ int twice(int a) { return a - 1; }
template <class T, int N> __device__ int tag(const T *p) { return N; }
template <> __device__ int tag<float, 4>(const float *p) { return 40; }
template <class T> __device__ __noinline__ T id(T a) { return a; }
template <> __device__ __noinline__ double id<double>(double a) { return -a; }
__global__ void k(float *p, int *q, double *d) {
  p[0] = twice(p[1]);
  q[0] = twice(q[1]) + tag<float, 4>(p) + tag<float, 3>(p) * 100;
  d[0] = id(d[1]) + twice(d[2]);
}
// CHECK: .func  (.param .b64 func_retval0) _Z2idIdET_S0_(
// CHECK: neg.f64
// CHECK: .visible .entry _Z1kPfPiPd(
// CHECK: 0f40400000
// CHECK: 339;
