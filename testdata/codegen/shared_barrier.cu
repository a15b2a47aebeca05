// A static __shared__ array is named as nvcc names it and lives in .shared; __syncthreads is a barrier.
extern "C" __global__ void rev(int *p) {
  __shared__ int tile[64];
  tile[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = tile[63 - threadIdx.x];
}
// CHECK: .shared .align 4 .b8 _ZZ3revE4tile[256];
// CHECK: .entry rev(
// CHECK: st.shared.
// CHECK: bar.sync 0;
// CHECK: ld.shared.
