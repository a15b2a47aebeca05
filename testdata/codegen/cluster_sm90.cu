// sm_90: thread-block clusters and vector atomicAdd, with nvcc's kernel directives.
// ARGS: -arch=sm_90 -O3
extern "C" __global__ void __launch_bounds__(128, 2, 4) bounded(int *p) { p[threadIdx.x] = 1; }
// CHECK: .entry bounded(
// CHECK: .maxntid 128, 1, 1
// CHECK-NEXT: .minnctapersm 2
// CHECK-NEXT: .maxclusterrank 4

extern "C" __global__ void __cluster_dims__(2, 1, 1) clustered(unsigned *p) {
  dim3 id = __clusterIdx();
  dim3 dim = __clusterDim();
  dim3 rel = __clusterRelativeBlockIdx();
  dim3 grid = __clusterGridDimInClusters();
  __cluster_barrier_arrive();
  __cluster_barrier_wait();
  unsigned *o = p + 16 * (blockIdx.x * blockDim.x + threadIdx.x);
  o[0] = id.x; o[1] = id.y; o[2] = id.z;
  o[3] = dim.x; o[4] = dim.y; o[5] = dim.z;
  o[6] = rel.x; o[7] = rel.y; o[8] = rel.z;
  o[9] = grid.x; o[10] = grid.y; o[11] = grid.z;
  o[12] = __clusterRelativeBlockRank();
  o[13] = __clusterSizeInBlocks();
  o[14] = __clusterDimIsSpecified();
  o[15] = __isClusterShared(p);
}
// CHECK: .entry clustered(
// CHECK: .explicitcluster
// CHECK-NEXT: .reqnctapercluster 2, 1, 1
// CHECK: %clusterid.x
// CHECK: %cluster_nctaid.x
// CHECK: %cluster_ctaid.x
// CHECK: %nclusterid.x
// CHECK: barrier.cluster.arrive
// CHECK: barrier.cluster.wait
// CHECK: %cluster_ctarank
// CHECK: %cluster_nctarank
// CHECK: %is_explicit_cluster

// With both, nvcc keeps the cluster shape and drops .maxclusterrank (ptxas refuses both).
extern "C" __global__ void __cluster_dims__() __launch_bounds__(64, 1, 8) explicit_only(int *p) { p[0] = 1; }
// CHECK: .entry explicit_only(
// CHECK: .explicitcluster
// CHECK-NOT: .maxclusterrank
// CHECK: {

// Vector atomicAdd: atomic per element (as CUDA documents it), one atom per element.
extern "C" __global__ void vec_atomics(float2 *a, float4 *b, float4 *old) {
  float2 x = atomicAdd(a, make_float2(1.0f, 2.0f));
  float4 y = atomicAdd(b, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
  old[threadIdx.x] = make_float4(x.x, x.y, y.x + y.y, y.z + y.w);
}
// CHECK: .entry vec_atomics(
// CHECK-COUNT-6: atom.global.add.f32
