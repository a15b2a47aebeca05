// ARGS: -arch=sm_80 -O3 -std=c++17
// A member function template of a class template names the class's member typedefs
// unqualified (and through the injected-class-name) in its parameter types and default
// template arguments (libcu++'s `duration(const _Rep2&)` constraint on `rep`).
template <bool B, class T = void> struct En {};
template <class T> struct En<true, T> { using type = T; };
template <class R> struct E {
  using rep = R;
  R r_;
  template <class R2, typename En<sizeof(rep) == 2, int>::type = 0>
  __device__ int f(const R2 &r) { return r + 1; }
  template <class R2, class X = rep>
  __device__ int g(const R2 &) { return sizeof(X); }
  template <class R2, class X = typename E::rep>
  __device__ int h(const R2 &) { return sizeof(X) * 10; }
  template <class R2>
  __device__ int m(const R2 &r, rep x) { return r + x * 100; }
};
__global__ void k(int *o) {
  E<short> e;
  o[0] = e.f(1) + e.g(1.0) + e.h(1) + e.m(o[1], 3);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: 324;
