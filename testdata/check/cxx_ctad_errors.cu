// ARGS: -arch=sm_80 -std=c++17
// Class template argument deduction that fails: no guide matches, or no initializer.
template <typename T> struct S {
  T v;
  __device__ S(T *p, int n) : v(*p + n) {}
};

__global__ void k(float *p, int n) {
  S a(n, n);
  S b;
  S ok(p, n);
  p[0] = ok.v + a.v + b.v;
}
