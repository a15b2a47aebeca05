// Initializers the constexpr interpreter cannot evaluate: a call of a function that is not
// constexpr (a __device__ variable needs a constant initializer), and a constexpr variable whose
// evaluation never ends (nvcc stops at its complexity limit).
int host_fn(int x);
constexpr int spin(int x) { while (x) {} return 0; }
__device__ int d2 = host_fn(3);
constexpr int c2 = spin(1);
__global__ void k(int *p) { p[0] = d2; }
