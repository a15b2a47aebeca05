// The toolkit's own shuffle builtins, `__nvvm_shfl_{idx,up,down,bfly}_sync(mask, a, b, c)`, which
// sm_30_intrinsics.hpp declares at block scope inside __shfl_*_sync (its real cuda_runtime.h
// calls them): shfl.sync.{idx,up,down,bfly}.b32, with c = ((32 - width) << 8) | clamp.
__device__ int shuffles(int v, int lane) {
  extern __device__ unsigned __nvvm_shfl_idx_sync(unsigned mask, unsigned a, unsigned b, unsigned c);
  extern __device__ unsigned __nvvm_shfl_up_sync(unsigned mask, unsigned a, unsigned b, unsigned c);
  extern __device__ unsigned __nvvm_shfl_down_sync(unsigned mask, unsigned a, unsigned b, unsigned c);
  extern __device__ unsigned __nvvm_shfl_bfly_sync(unsigned mask, unsigned a, unsigned b, unsigned c);
  int a = __nvvm_shfl_idx_sync(0xffffffffu, v, (lane + 3) & 31, 0x1f);
  int b = __nvvm_shfl_up_sync(0xffffffffu, v, 1, 0);
  int c = __nvvm_shfl_down_sync(0xffffffffu, v, 2, 0x1f);
  int d = __nvvm_shfl_bfly_sync(0xffffffffu, v, 5, 0x1f);
  return a + 3 * b + 5 * c + 7 * d;
}
__global__ void toolkit_shfl(const int *in, int *out) {
  int t = threadIdx.x;
  out[t] = shuffles(in[t], t);
}
// CHECK: .visible .entry _Z12toolkit_shflPKiPi(
// CHECK-NOT: call
// CHECK: shfl.sync.idx.b32
// CHECK: shfl.sync.up.b32
// CHECK: shfl.sync.down.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: ret;
