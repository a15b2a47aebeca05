// Generic lambdas: `auto` nested in a parameter type other than `auto`, `const auto`,
// `auto&`, `const auto&`, `auto&&` is not supported.
__global__ void k(float *p) {
  auto deref = [](auto *q) { return *q; };
  p[0] = deref(p + 1);
}
