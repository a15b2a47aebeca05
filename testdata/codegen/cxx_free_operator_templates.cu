// Free operator function templates: deduced from both operands (a scalar on either side of a
// class template specialization, two specializations), found by ordinary lookup and in the
// operands' namespace; a non-template operator wins a tie with a template instance.
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
namespace num {
template <class T> struct cx {
  T re, im;
  __host__ __device__ constexpr cx(T r, T i) : re(r), im(i) {}
};
template <class T> __host__ __device__ constexpr cx<T> operator*(const cx<T>& a, const cx<T>& b) {
  return cx<T>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
template <class T> __host__ __device__ constexpr cx<T> operator*(const T& a, const cx<T>& b) {
  return cx<T>(a * b.re, a * b.im);
}
template <class T> __host__ __device__ constexpr cx<T> operator*(const cx<T>& a, const T& b) {
  return cx<T>(a.re * b, a.im * b);
}
template <class T> __host__ __device__ constexpr bool operator==(const cx<T>& a, const cx<T>& b) {
  return a.re == b.re && a.im == b.im;
}
__host__ __device__ constexpr bool operator==(const cx<int>&, const cx<int>&) { return true; }
}  // namespace num

__global__ void k(float *o, const float *x) {
  num::cx<float> a(x[0], x[1]), b(x[2], x[3]);
  num::cx<float> c = x[4] * (a * b);
  num::cx<float> d = a * x[5];
  o[0] = c.re;
  o[1] = c.im;
  o[2] = d.re;
  o[3] = d.im;
  o[4] = (a == a) + 2 * (a == b) + 4 * (num::cx<int>(1, 2) == num::cx<int>(3, 4));
}
// CHECK: .entry _Z1kPfPKf(
// CHECK: st.global.b32 [%rd4+16], %r
