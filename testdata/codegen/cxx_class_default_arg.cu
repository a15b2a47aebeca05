// ARGS: -arch=sm_80 -O3 -std=c++17
// A default argument of class type that value-initializes a class without constructors
// (`__empty_completion c = __empty_completion()` in cuda::barrier), by value and by
// `const&`, in a constructor and a function.
struct Tag { __device__ int operator()() const { return 7; } };
struct Pair { int a, b; };
__device__ int use(int x, Tag t = Tag(), const Pair &p = Pair{}) { return x + t() + p.a + p.b; }
struct Holder {
  int v;
  __device__ Holder(int x, Tag t = Tag()) : v(x * t()) {}
};
__global__ void k(int *o) {
  Holder h(o[0]);
  o[1] = use(o[0]) + h.v;
  o[2] = use(1, Tag(), Pair{2, 3});
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: 13;
