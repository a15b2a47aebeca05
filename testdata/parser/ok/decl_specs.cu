// Specifiers in any order, CUDA qualifiers and attributes.
static __device__ __forceinline__ const int f1(void);
int const static volatile g1;
__host__ __device__ inline unsigned long long int f2(int);
extern "C" __global__ void __launch_bounds__(256, 2, 1) k1(void);
__global__ __launch_bounds__(128) void k2(float *__restrict__ p);
__shared__ __align__(16) float buf[64];
__device__ __managed__ int m;
__noinline__ __device__ int f3(void) __attribute__((noinline));
__attribute__((aligned(16))) alignas(8) int al;
long double ld; signed char sc; short unsigned su; long long ll;
