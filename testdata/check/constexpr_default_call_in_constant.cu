// A default argument of class type computed by a constexpr call (`D d = D::big()`), read by a
// constexpr function used in a template argument. nvcc: o = {43, 42}. warpc does not evaluate
// such defaults yet: it must say so (an error), never compute the call with a zero default
// (an attempt that held the default as zero while the def map was built gave A<1>).
struct D {
  long v;
  __host__ __device__ constexpr D(long x) : v(x) {}
  __host__ __device__ static constexpr D big() { return D(42); }
};
__host__ __device__ constexpr long f(D d = D::big()) { return d.v; }
__host__ __device__ constexpr long g() { return f() + 1; }
template <long N> struct A {
  static constexpr long v = N;
};
__global__ void k(long *o) {
  o[0] = A<g()>::v;
  o[1] = f();
}
