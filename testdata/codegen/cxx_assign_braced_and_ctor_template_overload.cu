// ARGS: -arch=sm_80 -std=c++17
// Assigning a braced list (`x = {a, b}`, [expr.ass]/9): a class object takes a temporary
// list-initialized from the items through its copy assignment (user-declared or implicit) when
// no other operator= can take the list (one taking a scalar cannot take two items); a scalar
// takes the list's element, or zero for `{}`. Overload resolution among several candidates
// counts a converting constructor template (`cplx(const cplx<X>&)`) as a user-defined
// conversion (CuPy's xsf/sici.h: `sici(complex<float>, complex<double>&, ...)` calling the
// `complex<double>` overload).
template <typename T> struct cplx {
  T re, im;
  __host__ __device__ cplx(const T &r) : re(r), im() {}
  __host__ __device__ cplx(const T &r, const T &i) : re(r), im(i) {}
  cplx() = default;
  template <typename X> __host__ __device__ cplx(const cplx<X> &z) : re(T(z.re)), im(T(z.im)) {}
  __host__ __device__ cplx &operator=(const T &r) { re = r; im = T(); return *this; }
  template <typename U> __host__ __device__ cplx &operator=(const cplx<U> &z) {
    re = T(z.re) + 100;
    im = T(z.im) + 100;
    return *this;
  }
};
struct Counted {
  int a, b, n;
  __device__ Counted(int x, int y) : a(x), b(y), n(0) {}
  __device__ Counted &operator=(const Counted &o) { a = o.a; b = o.b; n += 1; return *this; }
};
__device__ int f(cplx<double> z, cplx<double> &a, cplx<double> &b) {
  a = z;
  b = {z.im, 2.5};
  return 1;
}
__device__ int f(double z, double &a, double &b) { a = z; b = 1; return 2; }
__device__ int f(cplx<float> z, cplx<float> &a, cplx<float> &b) {
  cplx<double> x, y;
  int r = f(z, x, y);
  a = x;
  b = y;
  return r;
}
__device__ int g(const cplx<double> &z) { return int(z.re) * 10; }
__device__ int g(int v) { return v; }
__global__ void k(const float *in, float *o, int *p) {
  cplx<float> z(in[0], in[1]), a, b;
  o[0] = f(z, a, b);
  o[1] = a.re;
  o[2] = a.im;
  o[3] = b.re;
  o[4] = b.im;
  cplx<float> c(in[2]);
  c = {in[0], in[1]};
  o[5] = c.re;
  o[6] = c.im;
  c = {in[2]};
  o[7] = c.re;
  o[8] = c.im;
  float s = in[0];
  s = {in[2]};
  o[9] = s;
  s = {};
  o[10] = s;
  Counted q(1, 2);
  q = {p[0], p[1]};
  p[2] = q.a;
  p[3] = q.b;
  p[4] = q.n;
  p[5] = g(z);
}
// CHECK: .visible .entry _Z1kPKfPfPi(
// CHECK: 0f42C80000
