// ARGS: -arch=sm_80 -O3 -std=c++17
// Default arguments that are not constant expressions are evaluated at each call that omits
// them, in the scope of the function's declaration ([dcl.fct.default]/9): a call (`int y =
// twice(7)`, `twice` found in the function's namespace), a class-type value from a static
// member function (`D m = D::zero()`, as libcu++'s `chrono::nanoseconds::zero()` in
// `__cccl_thread_poll_with_backoff`), a reference to a global, in a function template and a
// member function.
namespace lib {
__device__ int g_scale = 5;
__device__ int twice(int a) { return a * 2; }
struct D {
  long v;
  __host__ __device__ static constexpr D zero() { return D{0}; }
  __host__ __device__ static D of(long x) { return D{x}; }
};
__device__ int add(int x, int y = twice(7)) { return x + y; }
template <class F> __device__ long poll(F f, D m = D::zero(), D n = D::of(twice(3))) { return f() + m.v * 100 + n.v; }
__device__ int scaled(int x, const int &s = g_scale) { return x * s; }
struct S {
  int base;
  __device__ int get(int k = twice(2)) const { return base + k; }
};
} // namespace lib
struct Three {
  __device__ int operator()() const { return 3; }
};
__global__ void k(long *o) {
  o[0] = lib::add((int)o[1]);
  o[2] = lib::poll(Three{});
  o[3] = lib::scaled((int)o[4]);
  lib::S s{(int)o[5]};
  o[6] = s.get();
}
// CHECK: .visible .entry _Z1kPl(
// CHECK: 60129542144;
// CHECK: +16], 9;
// CHECK: [_ZN3lib7g_scaleE];
// CHECK: 17179869184;
