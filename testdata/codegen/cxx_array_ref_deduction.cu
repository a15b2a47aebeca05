// Template argument deduction from array references: `const T (&a)[N]` deduces the element
// type and the bound (range-for over the reference, `N` used as a value).
template <class T, int N> __device__ __noinline__ T sum_arr(const T (&a)[N]) {
  T s = 0;
  for (T x : a) s += x;
  return s * N;
}
template <int N> __device__ int count_of(int (&)[N]) { return N; }

__global__ void arr_ref(const float *in, float *out) {
  int t = threadIdx.x;
  float a[3] = {in[t], in[t] + 1.0f, 2.0f};
  int b[5] = {};
  out[t] = sum_arr(a) + count_of(b);
}

// CHECK: .func  (.param .b32 func_retval0) _Z7sum_arrIfLi3EET_RAT0__KS0_(
// CHECK: .visible .entry _Z7arr_refPKfPf(
