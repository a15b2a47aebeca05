// The pre-sm_70 warp votes __all, __any and __ballot (deprecated, no mask): nvcc still accepts
// them for sm_70 and later and emits the non-sync vote instructions over the whole warp.
__global__ void votes(const int* in, int* out) {
  int v = in[threadIdx.x];
  out[threadIdx.x * 3] = __all(v > 0);
  out[threadIdx.x * 3 + 1] = __any(v > 5);
  out[threadIdx.x * 3 + 2] = (int)__ballot(v & 1);
}
// CHECK: .entry _Z5votesPKiPi(
// CHECK: vote.all.pred
// CHECK: vote.any.pred
// CHECK: vote.ballot.b32
