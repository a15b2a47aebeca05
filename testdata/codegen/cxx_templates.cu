// Function templates: explicit arguments, deduction from values, pointers and references,
// default template arguments, non-type parameters, templates calling templates, namespaces.
// Non-inlined instances show nvcc's mangled names (template parameters as T_, S0_ ...).
namespace m {
template <typename T> __device__ __noinline__ T maxv(T a, T b) { return a > b ? a : b; }
}
template <typename T, int N = 2> __device__ __noinline__ T scaled(const T *p, int i) { return p[i] * T(N); }
template <typename T> __device__ void twice(T &x) { x = x + x; }
template <typename A, typename B> __device__ __noinline__ A convert(B b) { return A(b); }
template <int K> __device__ int shift(int v) { return v << K; }

template <typename T> __global__ void tk(const T *in, T *out, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  T v = m::maxv(in[i], T(1));
  twice(v);
  out[i] = v + scaled(in, i) + scaled<T, 3>(in, i) + convert<T>(shift<2>(i));
}
template __global__ void tk<float>(const float *, float *, int);
template __global__ void tk<int>(const int *, int *, int);
// CHECK: .func  (.param .b32 func_retval0) _ZN1m4maxvIfEET_S1_S1_(
// CHECK: .func  (.param .b32 func_retval0) _Z6scaledIfLi2EET_PKS0_i(
// CHECK: .func  (.param .b32 func_retval0) _Z7convertIfiET_T0_(
// CHECK: .visible .entry _Z2tkIfEvPKT_PS0_i(
// CHECK: call.uni (retval0), _ZN1m4maxvIfEET_S1_S1_, (param0, param1);
// CHECK: call.uni (retval0), _Z6scaledIfLi2EET_PKS0_i, (param0, param1);
// CHECK: call.uni (retval0), _Z6scaledIfLi3EET_PKS0_i, (param0, param1);
// CHECK: call.uni (retval0), _Z7convertIfiET_T0_, (param0);
// CHECK: .visible .entry _Z2tkIiEvPKT_PS0_i(
// CHECK: call.uni (retval0), _ZN1m4maxvIiEET_S1_S1_, (param0, param1);
