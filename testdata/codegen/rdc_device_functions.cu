// With -rdc=true, every non-inline, non-static device function is emitted (another translation
// unit may call it), as nvcc emits them; inline, static, template and in-class member functions
// are emitted only when used, and explicit instantiation definitions always, both `.weak` (every
// translation unit that uses them may define them); a kernel template instance is `.weak .entry`
// (nvcc's), a plain kernel `.visible .entry`.
// ARGS: -arch=sm_90 -O3 -rdc=true
__device__ int f(int x) { return x + 1; }
__host__ __device__ float g(float *p) { return p[0]; }
__device__ inline int h(int x) { return x; }
static __device__ int s(int x) { return x; }
__device__ __forceinline__ int fi(int x) { return x; }
template <class T> __device__ T t(T x) { return x; }
template __device__ float t<float>(float);
struct A {
  __device__ int m() { return 1; }
  __device__ int o();
};
__device__ int A::o() { return 2; }
__device__ __noinline__ int ni(int x) { return x * 2; }
template <class T> __global__ void tk(T *p) { p[0] = T(1); }
template __global__ void tk<float>(float *);
__global__ void k(int *p) { p[0] = 1; }
// CHECK: .visible .func  (.param .b32 func_retval0) _Z1fi(
// CHECK-NEXT: .param .b32 _Z1fi_param_0
// CHECK: .visible .func  (.param .b32 func_retval0) _Z1gPf(
// CHECK-NEXT: .param .b64 _Z1gPf_param_0
// CHECK-COUNT-2: _ZN1A1oEv(
// CHECK-COUNT-2: _Z2nii(
// CHECK-COUNT-0: _Z1hi
// CHECK-COUNT-0: 1si(
// CHECK-COUNT-0: _Z2fii
// CHECK-COUNT-0: _ZN1A1mEv
// CHECK: .weak .func  (.param .b32 func_retval0) _Z1tIfET_S0_(
// CHECK: .weak .entry _Z2tkIfEvPT_(
// CHECK: .visible .entry _Z1kPi(
