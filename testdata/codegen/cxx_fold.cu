// Fold expressions (C++17): unary right/left, binary right/left over arithmetic, shift, bitwise,
// logical and comma operators (empty packs: && is true, || is false, a binary fold is its init),
// and pack expansions in braced initializer lists (`{t...}`, `{f(t)...}`, `{0, (t * 3)...}`).
template <class... T> __device__ __noinline__ int sum_r(T... t) { return (t + ...); }
template <class... T> __device__ __noinline__ int sum_l(T... t) { return (... + t); }
template <class... T> __device__ int minus_r(T... t) { return (t - ... - 100); }
template <class... T> __device__ int minus_l(T... t) { return (100 - ... - t); }
template <class... T> __device__ bool all(T... t) { return (t && ...); }
template <class... T> __device__ bool any(T... t) { return (... || t); }
template <class... T> __device__ int prod(T... t) { return (1 * ... * t); }
template <class... T> __device__ void store_all(int *p, T... t) {
  int i = 0;
  ((p[i++] = t), ...);
}
__device__ int twice(int v) { return 2 * v; }
template <class... T> __device__ int arr_sum(T... t) {
  int a[] = {t...};
  int b[] = {twice(t)...};
  int c[] = {0, (t * 3)...};
  int s = 0;
  for (int i = 0; i < (int)sizeof...(T); ++i) s += a[i] + b[i] + c[i + 1];
  return s + c[0];
}
template <class... T> __device__ int shifted(T... t) { return (t << ... << 1); }
template <class... T> __device__ unsigned bits(T... t) { return (0u | ... | (1u << t)); }

__global__ void folds(const int *in, int *out) {
  int t = threadIdx.x;
  int x = in[t];
  int *o = out + 16 * t;
  o[0] = sum_r(x, 2, 3);
  o[1] = sum_l(x, -7);
  o[2] = minus_r(x, 3);
  o[3] = minus_l(x, 3, 4);
  o[4] = all(x > 0, x < 50) + 2 * all() + 4 * any(x == 7, false) + 8 * any();
  o[5] = prod(x, 3, -2) + prod();
  store_all(o + 6, x, x + 1, x + 2);
  o[9] = arr_sum(x, 5);
  o[10] = shifted(1, x & 7);
  o[11] = bits(1, 3, x & 15);
  o[12] = minus_r() + minus_l();
}

// CHECK: .func  (.param .b32 func_retval0) _Z5sum_rIJiiiEEiDpT_(
// CHECK: .func  (.param .b32 func_retval0) _Z5sum_lIJiiEEiDpT_(
// CHECK: .visible .entry _Z5foldsPKiPi(
