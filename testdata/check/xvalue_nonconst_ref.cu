// A non-const lvalue reference does not bind to an xvalue (`static_cast<T&&>(x)`, a member of
// one); a `const` lvalue reference does, directly (nvcc's errors).
struct S { int m; };
__device__ int g(int *o) {
  int x = o[0];
  int &r = static_cast<int &&>(x);
  S s{x};
  int &q = static_cast<S &&>(s).m;
  const int &c = static_cast<int &&>(x);
  return r + q + c;
}
