// `auto` deduction failures: no initializer, a pointer pattern against a non-pointer, an lvalue
// reference to an rvalue.
__device__ void f(int x) {
  auto *p = x;
  auto &r = 1;
  auto *q;
}
