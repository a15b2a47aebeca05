// Inside a class template, its own name is the current specialization (the injected class
// name), in member signatures (`C operator*(const C &)`, `C &operator+=`) and bodies (`C r;`);
// `return {a, b};` copy-list-initializes the returned object (an aggregate, a class with a
// constructor, a scalar).
template <typename T> struct Complex {
  T re, im;
  __device__ Complex operator*(const Complex &o) const { return {re * o.re - im * o.im, re * o.im + im * o.re}; }
  __device__ Complex &operator+=(const Complex &o) {
    re += o.re;
    im += o.im;
    return *this;
  }
  __device__ Complex conj() const {
    Complex r;
    r.re = re;
    r.im = -im;
    return r;
  }
};
struct V {
  float x, y;
  __device__ V(float a, float b) : x(a), y(b + 1) {}
};
__device__ V make_v(float a) { return {a, a}; }
__device__ int make_int(float a) { return {static_cast<int>(a)}; }
__global__ void injected(const Complex<int> *c, float *out) {
  int t = threadIdx.x;
  Complex<int> acc{0, 0};
  for (int i = 0; i < 2; ++i)
    acc += c[2 * t + i] * c[2 * t + i].conj();
  V v = make_v(acc.re);
  out[4 * t] = acc.re;
  out[4 * t + 1] = acc.im;
  out[4 * t + 2] = v.y;
  out[4 * t + 3] = make_int(acc.im * 2.5f);
}
// CHECK: .visible .entry _Z8injectedPK7ComplexIiEPf(
