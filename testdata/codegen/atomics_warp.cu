// Atomics and warp collectives lower to single PTX instructions.
extern "C" __global__ void aw(int *gi, float *gf, unsigned *gu) {
  atomicAdd(gi, 1);
  atomicAdd(gf, 1.5f);
  atomicCAS(gi + 1, 0, 5);
  unsigned b = __ballot_sync(0xffffffffu, threadIdx.x & 1);
  int s = __shfl_down_sync(0xffffffffu, (int)threadIdx.x, 1);
  gu[threadIdx.x] = b + s + __popc(b);
}
// CHECK: .entry aw(
// CHECK: atom.global.add.u32
// CHECK: atom.global.add.f32
// CHECK: .global.cas.b32
// CHECK: vote.sync.ballot.b32
// CHECK: shfl.sync.down.b32
// CHECK: popc.b32
