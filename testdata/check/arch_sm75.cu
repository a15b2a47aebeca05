// ARGS: -arch=sm_75
// Target-dependent rules at sm_75. nvcc -arch=sm_75 says:
//   (7): error: cannot specify max blocks per cluster for this GPU architecture
//   (11): error: identifier "__reduce_add_sync" is undefined
// warpc does not gate the third __launch_bounds__ argument yet (it drops it below sm_90), and
// has no __reduce_*_sync builtins at all; see issue 3's SM-gating audit.
__global__ void __launch_bounds__(128, 2, 4) k(int *p) { p[0] = 1; }
#if __CUDA_ARCH__ < 800
__global__ void old_arch(int *p) { p[0] = __CUDA_ARCH__; }
#endif
__global__ void red(unsigned *p) { p[0] = __reduce_add_sync(0xffffffffu, p[1]); }
