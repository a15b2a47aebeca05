// ARGS: -arch=sm_90
// __cluster_dims__ misuse at sm_90, with nvcc -arch=sm_90's wording.
__device__ void __cluster_dims__(2, 1, 1) f(int *p) { p[0] = 1; }
__global__ void __cluster_dims__(0, 1, 1) k0(int *p) { p[0] = 1; }
__global__ void __cluster_dims__(-1) kn(int *p) { p[0] = 1; }
__global__ void __cluster_dims__(16, 1, 1) k16(int *p) { p[0] = 1; }
