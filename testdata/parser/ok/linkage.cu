extern "C" {
__global__ void k(int *p);
__device__ int x;
}
extern "C" __device__ int y;
extern "C" __global__ void k(int *p) { p[0] = y; }
