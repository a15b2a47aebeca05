// ARGS: -arch=sm_80 -std=c++17
// `decltype(&k<T, N>)` as a return type (CUB 3.5's kernel getters, `CUB_DEFINE_KERNEL_GETTER`):
// in the unevaluated operand the kernel instance's type is its substituted signature's, before
// (and without) the instance; naming the getters only in `sizeof` emits no kernel instance (nvcc
// neither). `__host__ __device__` so that NVRTC (JIT mode: no host functions) takes it too.
template <class T, int Items> __global__ void tile_kernel(T *p, int n) { p[n] = T(Items); }
template <class T, bool Two> struct kernel_source {
  __host__ __device__ static constexpr decltype(&tile_kernel<T, Two ? 2 : 1>) Tile() { return &tile_kernel<T, Two ? 2 : 1>; }
};
__global__ void sizes(int *o) {
  kernel_source<float, true> s;
  kernel_source<int, false> t;
  o[0] = sizeof(s.Tile());
  o[1] = sizeof(decltype(t.Tile()));
}
// CHECK: .visible .entry _Z5sizesPi(
// CHECK: st.global.b32 [%rd2], 8;
// CHECK: st.global.b32 [%rd2+4], 8;
// CHECK-NOT: tile_kernel
