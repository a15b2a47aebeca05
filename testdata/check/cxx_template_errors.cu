template <typename T> __device__ T pick(T a, T b) { return a < b ? a : b; }
template <typename T, int N> __device__ T rep(T v) { return v * N; }
__device__ int notemplate(int x) { return x; }
__global__ void k(int *o, float f) {
  o[0] = pick(1, 2.0f);
  o[1] = rep(3);
  o[2] = rep<int, 2, 3>(3);
  o[3] = notemplate<int>(1);
  o[4] = pick<int>(1, 2) + undefined_tmpl<int>(3);
}
// Overloaded function templates: the more specialized one wins (no error below).
template <typename T> __device__ T first(T a) { return a; }
template <typename T> __device__ T first(T *a) { return *a; }
__global__ void overloads(int *o) { o[0] = first(3) + first(o + 1); }
