// `x = {a, b}` where another operator= (taking a class that the list could initialize) is a
// candidate too: overload resolution over braced lists is not implemented, so it is
// `unsupported:` rather than a guess (nvcc picks by ranking the list conversions).
struct P { int a, b; };
struct S {
  int v;
  __device__ S &operator=(const P &p) { v = p.a * 10 + p.b; return *this; }
};
__global__ void k(int *o) {
  S s{0};
  s = {o[0], o[1]};
  o[2] = s.v;
}
