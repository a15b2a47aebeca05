// `= default` special members: a defaulted default constructor constructs the members (`m`
// gets M's constructor) while the class keeps other constructors; defaulted copy constructor,
// copy assignment and destructor are the implicit ones (member-wise; objects pass by value).
struct M {
  int v;
  __device__ M() : v(7) {}
};
struct A {
  int v;
  M m;
  A() = default;
  __device__ A(int x) : v(x) {}
  A(const A &) = default;
  A &operator=(const A &) = default;
  ~A() = default;
};
__device__ int take(A a) { return a.v + a.m.v; }
__global__ void defaulted(int *o) {
  int t = threadIdx.x;
  A a(o[3 * t]);
  A b = a;
  A c;
  c = b;
  o[3 * t + 1] = take(c);
  A d;
  o[3 * t + 2] = d.m.v;
}
// CHECK: .visible .entry _Z9defaultedPi(
