// ARGS: -arch=sm_80 -std=c++17 -rdc=true
// Closure types have nvcc's ABI names (Itanium `Ul <params> E [n] _`, local to the enclosing
// function or to the enclosing lambda's call operator, numbered among the lambdas of one
// context with the same parameters), so function template instances taking a lambda get
// nvcc's symbols (with -rdc, other objects link against them).
// CHECK: .weak .func  (.param .b32 func_retval0) _Z1gIZN1S1mEPfEUlfE_EfT_f(
// CHECK: .weak .func  (.param .b32 func_retval0) _Z1gIZ1kPfiEUlfE_EfT_f(
// CHECK: .weak .func  (.param .b32 func_retval0) _Z1gIZ1kPfiEUlfE0_EfT_f(
// CHECK: .weak .func  (.param .b32 func_retval0) _Z1gIZ1kPfiEUlfE1_EfT_f(
// CHECK: .weak .func  (.param .b32 func_retval0) _Z1gIZ1kPfiEUlRKfE_EfT_f(
// CHECK: .weak .func  (.param .b32 func_retval0) _Z1gIZZ1kPfiENKUlfE1_clEfEUlfE_EfT_f(
template <class F> __device__ __noinline__ float g(F f, float x) { return f(x); }
struct S {
  __device__ float m(float *p);
};
__device__ float S::m(float *p) { return g([](float v) { return v + 1; }, p[0]); }
__global__ void k(float *p, int n) {
  p[0] = g([](float v) { return v * 2; }, p[1]);
  p[1] = g([n](float v) { return v * n; }, p[2]);
  p[2] = g([](float v) { return g([](float w) { return w; }, v); }, p[2]);
  p[4] = g([](const float &v) { return v; }, p[2]);
  S s;
  p[5] = s.m(p);
}
