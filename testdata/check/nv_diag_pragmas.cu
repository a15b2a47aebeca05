// nvcc's diagnostic pragmas: `nv_diag_suppress`/`warning`/`error`/`default`/`once` with numbers
// or EDG tags, `nv_diagnostic push`/`pop`, `_Pragma`; each warning follows the pragmas before its
// position (a template's warning at its definition, not where it is instantiated); the legacy
// `diag_*` spellings change nothing.
struct D { int x; __device__ ~D() { x = 5; } };
__device__ int a = 'ab';
#pragma nv_diag_suppress 1422, implicit_return_from_non_void_function
__device__ int b = 'cd';
__device__ int f(int x) { if (x) return 1; }
template <class T> __device__ int t(T x) { if (x) return 1; }
#pragma nv_diagnostic push
#pragma nv_diag_default 1422
__device__ int c = 'ef';
#pragma nv_diag_warning 940
__device__ int g(int x) { if (x) return 1; }
#pragma nv_diagnostic pop
__device__ int d = 'gh';
#pragma diag_warning 1422
__device__ int e = 'ij';
#pragma nv_diag_default 940
__global__ void k(int *o) {
  __shared__ D s1;
  o[0] = t(o[1]) + s1.x + f(1) + g(1);
}
_Pragma("nv_diag_suppress static_var_with_dynamic_init")
__global__ void k2(int *o) {
  __shared__ D s2;
  o[0] = s2.x;
}
#pragma nv_diag_error 20054
__global__ void k3(int *o) {
  __shared__ D s3;
  o[0] = s3.x;
}
