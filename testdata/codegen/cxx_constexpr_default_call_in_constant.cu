// ARGS: -arch=sm_80 -std=c++17
// A default argument of class type computed by a constexpr call (`D d = D::big()`), read by a
// constexpr function used in a template argument: evaluated at the call, as nvcc does
// (o = {43, 42}; holding the default as zero while the def map was built would give A<1>).
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
// CHECK: .visible .entry _Z1kPl(
// CHECK: [%rd2], 43;
// CHECK: [%rd2+8], 42;
