// Execution spaces of redeclarations combine as nvcc's front end combines them: a function
// declared for one side and redeclared for the other is __host__ __device__ (warnings
// #20035-#20040), so a kernel may call a __device__-declared function defined __host__; a
// __global__ function must be __global__ in every declaration.
__device__ int a(int);
__host__ int a(int x) { return x * 3; }
__device__ int b(int);
int b(int x) { return x + 1; }
__device__ int c(int);
__host__ __device__ int c(int x) { return x - 1; }
int d(int);
__device__ int d(int x) { return x; }
int e(int);
__host__ __device__ int e(int x) { return x; }
__host__ __device__ int f(int);
int f(int x) { return x; }
__device__ int g(int);
__device__ int g(int x) { return x; }
void h(int);
__global__ void h(int x) {}
__device__ int helper(int x) { return x; }
__global__ void k(int* p) {
  int helper(int);
  *p = a(*p) + b(*p) + c(*p) + d(*p) + e(*p) + f(*p) + g(*p) + helper(*p);
}
