// cooperative groups: this_thread_block, static tiled partitions (thread_block_tile<N>), tile
// shuffles, ballot and any, a namespace alias. The difftest's reference is nvcc (NVRTC from the
// pip wheels has no CCCL, which cooperative_groups.h needs).
// REFERENCE: nvcc
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void cgk(int *out, float *f) {
  cg::thread_block block = cg::this_thread_block();
  int r = block.thread_rank();
  block.sync();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
  int v = warp.shfl_down(r, 1) + t8.shfl_xor(r, 1) + (int)t8.thread_rank() * 100 + (int)t8.meta_group_rank() * 1000;
  float s = f[r];
  for (int o = 4; o > 0; o /= 2) s += t8.shfl_down(s, o);
  out[r] = v + (int)warp.ballot(r & 1) + t8.any(r == 3);
  f[r] = s;
}
// CHECK: .entry _Z3cgkPiPf(
// CHECK: barrier.sync 0;
// CHECK: shfl.sync.down.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: vote.sync.ballot.b32
