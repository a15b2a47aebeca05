// Namespace-scope const and constexpr objects of class type (and arrays of them) with constant
// initializers, read in device code: nvcc folds their members' values (no device copy of the
// object is emitted); default member initializers, constexpr constructors, bases, nested
// members, copies.
struct S {
  int a;
  int b = 3;
};
struct P {
  float x, y;
  __host__ __device__ constexpr P(float a, float b) : x(a), y(b) {}
};
struct B {
  int base = 40;
};
struct D : B {
  S in;
  short k;
};
constexpr S s{1};
const S cs{7, 8};
constexpr P p{1.5f, 2.5f};
constexpr S arr[2] = {{4, 5}, {6}};
constexpr D d{{}, {9, 10}, 11};
__global__ void folded(const int *in, int *out) {
  int t = threadIdx.x;
  int x = in[t];
  int *o = out + 8 * t;
  o[0] = s.a + s.b;
  o[1] = (int)(p.y * x);
  o[2] = arr[1].a * 10 + arr[1].b + arr[0].b * 100;
  o[3] = d.base + d.in.a + d.in.b + d.k;
  S c = s;
  c.a += x;
  o[4] = c.a + c.b;
  o[5] = cs.a * cs.b + x;
}
// CHECK-NOT: .global .align
// CHECK: .visible .entry _Z6foldedPKiPi(
// CHECK: ], 4;
// CHECK: 0f40200000
// CHECK: ], 563;
// CHECK-NEXT: ], 70;
