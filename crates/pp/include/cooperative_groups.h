/* cooperative_groups.h (warpc builtin header): the thread-block group and static tiled
   partitions (`thread_block_tile<N>`, N a power of two up to 32) of CUDA's cooperative groups,
   written as C++ classes. Not yet: grid and multi-grid groups, coalesced groups, dynamic
   `tiled_partition(g, n)`, the reductions of cooperative_groups/reduce.h. */
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

/* A static partition of the block into tiles of `Size` consecutive threads (within a warp). */
template <unsigned int Size>
class thread_block_tile {
    static __device__ unsigned int __linear() { return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x; }
    static __device__ unsigned int __mask() {
        return Size == 32u ? 0xffffffffu : (((1u << (Size & 31u)) - 1u) << ((__linear() & 31u) & ~(Size - 1u)));
    }
public:
    __device__ void sync() const { __syncwarp(__mask()); }
    __device__ unsigned int thread_rank() const { return __linear() & (Size - 1u); }
    __device__ unsigned int size() const { return Size; }
    __device__ unsigned int num_threads() const { return Size; }
    __device__ unsigned int meta_group_rank() const { return __linear() / Size; }
    __device__ unsigned int meta_group_size() const { return (blockDim.x * blockDim.y * blockDim.z + Size - 1u) / Size; }
    __device__ int shfl(int v, int src) const { return __shfl_sync(__mask(), v, src, (int)Size); }
    __device__ unsigned int shfl(unsigned int v, int src) const { return __shfl_sync(__mask(), v, src, (int)Size); }
    __device__ float shfl(float v, int src) const { return __shfl_sync(__mask(), v, src, (int)Size); }
    __device__ long long shfl(long long v, int src) const { return __shfl_sync(__mask(), v, src, (int)Size); }
    __device__ double shfl(double v, int src) const { return __shfl_sync(__mask(), v, src, (int)Size); }
    __device__ int shfl_down(int v, unsigned int d) const { return __shfl_down_sync(__mask(), v, d, (int)Size); }
    __device__ unsigned int shfl_down(unsigned int v, unsigned int d) const { return __shfl_down_sync(__mask(), v, d, (int)Size); }
    __device__ float shfl_down(float v, unsigned int d) const { return __shfl_down_sync(__mask(), v, d, (int)Size); }
    __device__ double shfl_down(double v, unsigned int d) const { return __shfl_down_sync(__mask(), v, d, (int)Size); }
    __device__ int shfl_up(int v, unsigned int d) const { return __shfl_up_sync(__mask(), v, d, (int)Size); }
    __device__ unsigned int shfl_up(unsigned int v, unsigned int d) const { return __shfl_up_sync(__mask(), v, d, (int)Size); }
    __device__ float shfl_up(float v, unsigned int d) const { return __shfl_up_sync(__mask(), v, d, (int)Size); }
    __device__ double shfl_up(double v, unsigned int d) const { return __shfl_up_sync(__mask(), v, d, (int)Size); }
    __device__ int shfl_xor(int v, int m) const { return __shfl_xor_sync(__mask(), v, m, (int)Size); }
    __device__ unsigned int shfl_xor(unsigned int v, int m) const { return __shfl_xor_sync(__mask(), v, m, (int)Size); }
    __device__ float shfl_xor(float v, int m) const { return __shfl_xor_sync(__mask(), v, m, (int)Size); }
    __device__ double shfl_xor(double v, int m) const { return __shfl_xor_sync(__mask(), v, m, (int)Size); }
    __device__ int any(int p) const { return __any_sync(__mask(), p); }
    __device__ int all(int p) const { return __all_sync(__mask(), p); }
    __device__ unsigned int ballot(int p) const { return __ballot_sync(__mask(), p) >> ((__linear() & 31u) & ~(Size - 1u)); }
};

template <unsigned int Size>
static __device__ __forceinline__ thread_block_tile<Size> tiled_partition(const thread_block &) {
    thread_block_tile<Size> t;
    return t;
}
template <unsigned int Size>
static __device__ __forceinline__ void sync(const thread_block_tile<Size> &g) { g.sync(); }
}
#endif /* __WARPC_COOPERATIVE_GROUPS_H__ */
