// Function template overloads as CuPy's xsf and complex headers write them:
// - a redeclaration with other names for the template parameters declares the same template
//   (`template <class T> cx<T> lg(const cx<T> &);`, then defined with `V`): one candidate, and
//   the explicit specialization for `double` replaces its instance;
// - partial ordering: `f(cx<T>)` (also through an alias template) is more specialized than
//   `f(T)` and than `f(const T &)`; `h(const cx<T> &, const T &)` than `h(const cx<T> &, const
//   U &)`;
// - deduction: `pw(const cx<T> &, const T &)` deduces nothing from a `double` argument (not a
//   class), so `pw(double, int)` calls `pw(double, double)`.
template <class T> struct cx {
  T re, im;
  __device__ cx(const T &r, const T &i = T()) : re(r), im(i) {}
};
template <class T> using alias = cx<T>;

template <class T> __device__ cx<T> lg(const cx<T> &z);
template <class V> __device__ inline cx<V> lg(const cx<V> &z) { return cx<V>(z.re + 1, z.im); }
template <> __device__ inline cx<double> lg(const cx<double> &z) { return cx<double>(z.re + 2, z.im); }

template <class T> __device__ T f(T x) { return x; }
template <class T> __device__ alias<T> f(alias<T> z) { return alias<T>(z.re + 10, z.im); }
template <class T> __device__ int g(const T &) { return 1; }
template <class T> __device__ int g(cx<T>) { return 2; }
template <class T> __device__ int h(const cx<T> &, const T &) { return 3; }
template <class T, class U> __device__ int h(const cx<T> &, const U &) { return 4; }

template <class T> __device__ cx<T> pw(const cx<T> &x, const T &y) { return cx<T>(x.re * y); }
__device__ double pw(double x, double y) { return x + y; }

__global__ void fn_template_overloads(double *out) {
  int t = threadIdx.x;
  double *o = out + 5 * t;
  cx<double> c(t, 1.0);
  cx<float> d(t, 1.0f);
  o[0] = lg(c).re;
  o[1] = lg(d).re;
  o[2] = f(c).re;
  o[3] = g(c) + 10 * g(t) + 100 * h(c, 1.0) + 1000 * h(c, 1);
  o[4] = pw(o[0], 3) + o[0];
}
// CHECK: .visible .entry _Z21fn_template_overloadsPd(
