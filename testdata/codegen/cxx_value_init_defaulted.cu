// Value-initialization (`T()`, `T{}`, `T x{};`, `T x = {};`, a mem-initializer `m()`, a default
// member initializer `T m{};`) of a class whose default constructor is not user-provided
// (`= default` on its declaration) zero-initializes the object, then runs its default member
// initializers ([dcl.init]/8); default-initialization (`T x;`) does not zero.
struct Def {
  int k = 7;
  int z;
  float f;
  Def() = default;
};
struct Inner {
  int q;
  int r = 2;
};
struct Outer {
  Inner in;
  int w;
  Outer() = default;
};
struct Holds : Def {
  Def m;
  Def n{};
  int own;
  __device__ Holds(int x) : Def(), m(), own(x) {}
};
__global__ void value_init(const int *in, int *out) {
  int t = threadIdx.x;
  int x = in[t];
  int *o = out + 8 * t;
  Def a = Def();
  o[0] = a.k + a.z + (int)a.f;
  Def b{};
  o[1] = b.z + x;
  Outer c{};
  o[2] = c.in.q + c.in.r + c.w;
  Outer d = {};
  o[3] = d.in.q * 10 + d.in.r + d.w;
  o[4] = Def{}.z + Outer().w + x;
  Holds h(x);
  o[5] = h.k + h.z + h.m.z + h.m.k + h.n.z + h.n.k + h.own;
}
// CHECK: .visible .entry _Z10value_initPKiPi(
// CHECK: ], 7;
// CHECK-NEXT: +4], %r
// CHECK-NEXT: +8], 2;
// CHECK-NEXT: +12], 2;
