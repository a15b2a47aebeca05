// `__builtin_unreachable()`: LLVM `unreachable` (the switch folds to a select, as nvcc's), no
// missing-return warning after it, and fine in an unevaluated constexpr branch.
__device__ int sel(int k) {
  switch (k) { case 0: return 3; case 1: return 5; default: __builtin_unreachable(); }
}
__host__ __device__ constexpr int cf(int k) { return k > 0 ? k : (__builtin_unreachable(), 0); }
__global__ void k(int *o, int k) { o[0] = sel(k & 1); o[1] = cf(4); }
// CHECK: .visible .entry _Z1kPii(
// CHECK-NOT: trap;
// CHECK: selp.b32
// CHECK: +4], 4;
