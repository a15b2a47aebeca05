// A lambda's call operator is const unless the lambda is mutable: a constexpr (const) closure
// object may be called, a mutable lambda modifies its own copies, and a lambda that is not
// mutable cannot assign to a capture it holds by copy.
__global__ void k(int *p, int n) {
  constexpr auto half = [](int x) constexpr { return x / 2; };
  constexpr int h = half(8);
  int c = n;
  auto counter = [c]() mutable { return ++c; };
  p[0] = h + counter() + counter();
  auto bad = [c]() { c = 1; return c; };
  p[1] = bad();
}
