// ARGS: -arch=sm_90
// Everything gated at sm_90 and below compiles at sm_90 (nvcc -arch=sm_90 accepts this file);
// CUDA builtins warpc does not implement are `unsupported` errors, not undefined identifiers.
__global__ void __launch_bounds__(128, 2, 4) __cluster_dims__(2, 1, 1) k(unsigned *p, float2 *f2, float4 *f4) {
  __nanosleep(10);
  int pred;
  p[0] = __match_any_sync(~0u, p[1]) + __match_all_sync(~0u, p[2], &pred) + __reduce_add_sync(~0u, p[3]);
  atomicAdd(f2, make_float2(1.0f, 2.0f));
  atomicAdd(f4, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
  p[4] = __clusterRelativeBlockRank() + __clusterSizeInBlocks() + __clusterIdx().x + __clusterDim().y;
  __cluster_barrier_arrive();
  __cluster_barrier_wait();
}
__global__ void dsmem(int *p) {
  __shared__ int s;
  int *remote = (int *)__cluster_map_shared_rank(&s, 1);
  p[0] = *remote;
}
