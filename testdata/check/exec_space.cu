// Calls across execution spaces. nvcc reports line 5 only when the front end found no other
// error (it is checked in a later phase); warpc reports all three at once.
void host_only(int *p) { p[0] = 1; }
__device__ int dev_only(int x) { return x + 1; }
__global__ void kern(int *p) { p[0] = 2; }
__global__ void calls_host(int *p) { host_only(p); }
__global__ void launches(int *p) { kern<<<1, 1>>>(p); }
__global__ void calls_kernel(int *p) { kern(p); }
__host__ __device__ int both(int x) { return x * 2; }
__global__ void ok(int *p) { p[0] = both(dev_only(p[1])); }
