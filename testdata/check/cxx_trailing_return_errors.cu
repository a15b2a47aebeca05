__device__ int f(int a) -> int { return a; }
template <class T> __device__ auto g(T a) -> decltype(a.missing) { return 0; }
__global__ void k(int *p) { p[0] = f(1) + g(2); }
