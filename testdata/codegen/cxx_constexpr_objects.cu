// Objects in constant evaluation: constexpr constructors and member functions on class objects,
// arrays, pointers into them, references, loops and switch, building class-typed constexpr
// variables that static_asserts, later initializers and device code read.
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
struct Vec3 { int a[3]; int n; constexpr Vec3() : a{}, n(0) {}
  constexpr void push(int x) { a[n++] = x; }
  constexpr int sum() const { int s = 0; for (const int* p = a; p != a + n; ++p) s += *p; return s; } };
constexpr Vec3 make() { Vec3 v; v.push(1); v.push(2); int* p = &v.a[0]; p[2] = 7; ++v.n; return v; }
constexpr Vec3 kv = make();
static_assert(kv.sum() == 10 && kv.a[2] == 7 && kv.n == 3, "members, elements, pointers");
template <int N> struct Table { float c[N]; };
template <int N> constexpr Table<N> inverse_factorials() {
  Table<N> t{};
  float f = 1.0f;
  for (int k = 0; k < N; ++k) { if (k) f *= k; t.c[k] = 1.0f / f; }
  return t;
}
constexpr auto kTable = inverse_factorials<5>();
static_assert(kTable.c[0] == 1.0f && kTable.c[2] == 0.5f, "a class template's array member");
constexpr int classify(int x) {
  switch (x) { case 0: return 10; case 1: case 2: x += 5; break; default: return -1; }
  return x;
}
constexpr void bump(int& r) { r *= 3; }
constexpr int by_ref() { int x = 2; bump(x); int& y = x; y += 1; return x; }
struct Pair { int a, b; };
constexpr Pair swapped(Pair p) { return Pair{p.b, p.a}; }
constexpr int kSum = kv.sum() + classify(2) + by_ref() + swapped(Pair{3, 4}).a;
static_assert(kSum == 10 + 7 + 7 + 4, "switch, references, class prvalues");
__constant__ Table<5> cTable = inverse_factorials<5>();
__device__ int dArr[3] = {kv.a[0], kv.a[1], kv.a[2]};
__global__ void k(float *f, int *o) {
  f[threadIdx.x] = cTable.c[threadIdx.x % 5];
  o[threadIdx.x] = dArr[threadIdx.x % 3] + kSum;
}
// CHECK: .const .align 4 .b8 cTable[20] = {0, 0, 128, 63, 0, 0, 128, 63, 0, 0, 0, 63, 171, 170, 42, 62, 171, 170, 42, 61};
// CHECK: .global .align 4 .b8 dArr[12] = {1, 0, 0, 0, 2, 0, 0, 0, 7};
// CHECK: .entry _Z1kPfPi(
// CHECK: , 28;
