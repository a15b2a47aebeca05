// ARGS: -arch=sm_75
// Target-dependent rules at sm_75, with nvcc -arch=sm_75's wording: a third __launch_bounds__
// argument needs sm_90, and the headers declare the sm_80 warp reductions only from sm_80 on
// (warpc adds a note saying so). The sm_70 builtins are available.
__global__ void __launch_bounds__(128, 2, 4) k(int *p) { p[0] = 1; }
#if __CUDA_ARCH__ < 800
__global__ void old_arch(int *p) { p[0] = __CUDA_ARCH__; }
#endif
__global__ void red(unsigned *p) { p[0] = __reduce_add_sync(0xffffffffu, p[1]); }
__global__ void red_int(int *p) { p[0] = __reduce_min_sync(0xffffffffu, p[1]) + __reduce_max_sync(0xffffffffu, p[2]); }
__global__ void red_bits(unsigned *p) { p[0] = __reduce_and_sync(~0u, p[1]) | __reduce_or_sync(~0u, p[2]) | __reduce_xor_sync(~0u, p[3]); }
__global__ void sm70_ok(unsigned *p) {
  __nanosleep(100);
  int pred;
  p[0] = __match_any_sync(0xffffffffu, p[1]) + __match_all_sync(0xffffffffu, p[2], &pred) + pred;
}
// A polyfill for older targets is possible, as with nvcc: the name is not declared below sm_80.
#if __CUDA_ARCH__ < 800
__device__ unsigned my_reduce(unsigned mask, unsigned v) { return v; }
#define __reduce_add_sync my_reduce
#endif
__global__ void poly(unsigned *p) { p[0] = __reduce_add_sync(0xffffffffu, p[1]); }
