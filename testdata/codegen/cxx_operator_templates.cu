// Operator function templates: a namespace-scope `template <class T> C<T> operator+(C<T>, C<T>)`
// (thrust::complex's arithmetic), a member `template <class I> T &operator[](const I (&)[N])`
// whose array bound is the class template's parameter, and a member `operator()` template.
// ARGS: -arch=sm_90 -O3
namespace num {
template <class T> struct C { T a, b; };
template <class T> __device__ C<T> operator+(const C<T> &x, const C<T> &y) { return C<T>{x.a + y.a, x.b + y.b}; }
template <class T> __device__ C<T> operator*(const C<T> &x, T s) { return C<T>{x.a * s, x.b * s}; }
template <class T> __device__ bool operator==(const C<T> &x, const C<T> &y) { return x.a == y.a && x.b == y.b; }
}
template <typename T, int ndim>
struct grid {
  T data[16];
  int shape[ndim];
  template <typename Int>
  __device__ T &operator[](const Int (&idx)[ndim]) {
    int off = 0;
    for (int d = 0; d < ndim; d++) off = off * shape[d] + (int)idx[d];
    return data[off];
  }
  template <typename I>
  __device__ T operator()(I i) const { return data[(int)i]; }
};
__global__ void k(float *out, int *q) {
  num::C<float> x{out[0], out[1]}, y{out[2], out[3]};
  num::C<float> z = (x + y) * 2.0f;
  out[4] = z.a;
  out[5] = z.b;
  q[0] = (x == x) + 2 * (x == y);
  grid<float, 2> g;
  g.shape[0] = 2;
  g.shape[1] = 3;
  for (int i = 0; i < 6; i++) g.data[i] = out[i];
  int idx[2] = {1, 2};
  long lidx[2] = {0, 1};
  out[6] = g[idx] + g[lidx] + g(3u);
}
// CHECK: .entry _Z1kPfPi(
