/* cooperative_groups.h (warpc builtin header): the thread-block group of CUDA's cooperative
   groups, written as a C++ class (needs warpc's class and member-function support). Not yet:
   grid groups, tiled partitions, coalesced groups, the reductions of cooperative_groups/reduce.h.
   Namespace aliases (`namespace cg = cooperative_groups;`) need front-end support too. */
#ifndef __WARPC_COOPERATIVE_GROUPS_H__
#define __WARPC_COOPERATIVE_GROUPS_H__
#include "__warpc_cuda_runtime.h"
namespace cooperative_groups {
class thread_block {
public:
    __device__ void sync() const { __syncthreads(); }
    __device__ unsigned int thread_rank() const {
        return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    }
    __device__ unsigned int size() const { return blockDim.x * blockDim.y * blockDim.z; }
    __device__ unsigned int num_threads() const { return blockDim.x * blockDim.y * blockDim.z; }
    __device__ dim3 group_index() const { return blockIdx; }
    __device__ dim3 thread_index() const { return threadIdx; }
    __device__ dim3 group_dim() const { return blockDim; }
    __device__ dim3 dim_threads() const { return blockDim; }
};
static __device__ __forceinline__ thread_block this_thread_block() { thread_block b; return b; }
static __device__ __forceinline__ void sync(const thread_block &g) { g.sync(); }
}
#endif /* __WARPC_COOPERATIVE_GROUPS_H__ */
