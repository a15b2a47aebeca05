// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
// The toolkit's cooperative groups headers (not warpc's builtin cooperative_groups.h, which
// cooperative_groups/reduce.h would meet beside the real classes): a labeled partition of a
// tile, tile and coalesced-group reductions (cg::reduce over member templates of a base class
// template, `shfl_xor`), as real/05 uses them.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void k(const int *keys, unsigned *hist, int *sums) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  unsigned bin = (unsigned)keys[threadIdx.x] % 4u;
  cg::coalesced_group same = cg::labeled_partition(warp, bin);
  if (same.thread_rank() == 0) atomicAdd(&hist[bin], same.size());
  sums[threadIdx.x] = cg::reduce(warp, keys[threadIdx.x], cg::plus<int>());
}
// CHECK: .entry _Z1kPKiPjPi(
// CHECK: match.any.sync.b32
// CHECK: redux.sync.add.s32
