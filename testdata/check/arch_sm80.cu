// ARGS: -arch=sm_80
// sm_80: warp reductions compile; vector atomicAdd, thread-block clusters and the third
// __launch_bounds__ argument need sm_90 (nvcc -arch=sm_80's wording for each).
__global__ void red(unsigned *p) { p[0] = __reduce_add_sync(0xffffffffu, p[1]); }
__global__ void vec_atomics(float2 *p, float4 *q) {
  atomicAdd(p, make_float2(1.0f, 2.0f));
  atomicAdd(q, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
}
__global__ void __launch_bounds__(256, 1, 2) per_cluster(int *p) { p[0] = 1; }
__global__ void __launch_bounds__(256, 0, 0) per_cluster_zero(int *p) { p[0] = 1; }
__global__ void __cluster_dims__(2, 1, 1) clustered(int *p) { p[0] = 1; }
__global__ void cluster_ids(unsigned *p) { p[0] = __clusterRelativeBlockRank() + __clusterIdx().x; }
