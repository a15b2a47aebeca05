// Delegating constructors (C++11 [class.base.init]/6): the target constructor initializes the
// object (its mem-initializers, default member initializers and body), then the delegating
// constructor's body runs; in class templates (the injected class name or the template-id);
// chains of them; constexpr ones in constant evaluation.
struct S {
  int a, b;
  int c = 7;
  __device__ S(int x) : S(x, 2 * x) { c += 1; }
  __device__ S(int x, int y) : a(x), b(y) { c *= 2; }
  __device__ S() : S{5} { a -= 1; }
};
template <typename T> struct TS {
  T a, b;
  __device__ TS() : TS(3) {}
  __device__ TS(T x, int) : TS<T>(x * 2) { b += 10; }
  __device__ TS(T x) : a(x), b(x + 1) {}
};
struct C {
  int a, b;
  __host__ __device__ constexpr C(int x) : C(x, x + 1) {}
  __host__ __device__ constexpr C(int x, int y) : a(x), b(y) {}
};
static_assert(C(4).b == 5, "");
__global__ void delegating(const int *in, int *out) {
  int t = threadIdx.x;
  int x = in[t];
  int *o = out + 8 * t;
  S s(x);
  o[0] = s.a;
  o[1] = s.b;
  o[2] = s.c;
  S d;
  o[3] = d.a + d.b + d.c;
  TS<float> f;
  o[4] = (int)(f.a + f.b);
  TS<int> g(x, 0);
  o[5] = g.a + g.b;
  constexpr C c(10);
  o[6] = c.b + C(x).b;
}
// CHECK: .visible .entry _Z10delegatingPKiPi(
// CHECK: +8], 15;
// CHECK-NEXT: +12], 29;
// CHECK-NEXT: +16], 7;
