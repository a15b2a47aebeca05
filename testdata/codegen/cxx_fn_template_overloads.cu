// Function template overloads as CuPy's complex headers write them:
// - a redeclaration with other names for the template parameters declares the same template
//   (`template <class T> cx<T> lg(const cx<T> &);`, then defined with `V`): one candidate, and
//   the explicit specialization for `double` replaces its instance;
// - deduction: `pw(const cx<T> &, const T &)` deduces nothing from a `double` argument (not a
//   class), so `pw(double, int)` calls `pw(double, double)`.
template <class T> struct cx {
  T re, im;
  __device__ cx(const T &r, const T &i = T()) : re(r), im(i) {}
};

template <class T> __device__ cx<T> lg(const cx<T> &z);
template <class V> __device__ inline cx<V> lg(const cx<V> &z) { return cx<V>(z.re + 1, z.im); }
template <> __device__ inline cx<double> lg(const cx<double> &z) { return cx<double>(z.re + 2, z.im); }

template <class T> __device__ cx<T> pw(const cx<T> &x, const T &y) { return cx<T>(x.re * y); }
__device__ double pw(double x, double y) { return x + y; }

__global__ void fn_template_overloads(double *out) {
  int t = threadIdx.x;
  double *o = out + 3 * t;
  cx<double> c(t, 1.0);
  cx<float> d(t, 1.0f);
  o[0] = lg(c).re;
  o[1] = lg(d).re;
  o[2] = pw(o[0], 3) + pw(c, 2.0).re;
}
// CHECK: .visible .entry _Z21fn_template_overloadsPd(
