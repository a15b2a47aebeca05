// Among function templates named by a call, partial ordering (`f(T*)` over `f(T)`) only picks
// among the viable ones: a template whose parameter count cannot take the arguments, or
// whose pointer parameter would take an arithmetic argument (not a null pointer constant), is
// not a candidate, even with its template arguments given explicitly.
template <class T> __device__ void fetch(T *ret, unsigned long long h, int x, int mode = 0) { *ret = T(h + x + mode); }
template <class T> __device__ T fetch(unsigned long long h, int x, int mode = 0) { T r; fetch(&r, h, x, mode); return r; }

__device__ float use(unsigned long long h, float *out) {
  float a = fetch<float>(h, 1);        // two or three arguments: only fetch(h, x, mode)
  float b = fetch<float>(h, 1, 2);     // `h` cannot initialize `float *`
  fetch<float>(out, h, 3);             // the pointer form, with and without `mode`
  fetch(out, h, 3, 1);
  fetch<float>(0, 4, 5);               // both viable; fetch(h, x, mode) wins (`4` converts exactly)
  return a + b;
}

__device__ void bad(unsigned long long h) {
  fetch<float>(h);                     // too few arguments for either
  fetch<float>(h, 1, 2, 3, 4);         // too many
}
