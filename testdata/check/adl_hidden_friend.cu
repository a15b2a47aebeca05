// A hidden friend (a friend function defined only in its class) is found by argument-dependent
// lookup alone: not by ordinary unqualified or qualified lookup, nor without an argument of
// the class (nvcc's errors).
namespace n {
struct S {
  int v;
  friend __device__ int twice(S s) { return 2 * s.v; }
  friend __device__ int make(int x) { return x; }
};
}  // namespace n
__device__ int ok(n::S s) { return twice(s); }
__device__ int bad1() { return make(1); }
__device__ int bad2() { return n::make(2); }
__device__ int bad3() {
  using namespace n;
  return make(3);
}
