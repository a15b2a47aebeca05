// Explicit specializations of function templates whose signature no template can produce.
template <class T> __device__ T g(T a, T b) { return a + b; }
template <> __device__ float g<float>(float a, double b) { return a; }
template <> __device__ int g(int a, int b, int c) { return a; }
template <> __device__ int g<int, int>(int a, int b) { return a; }
__global__ void k(float *p) { p[0] = g(p[1], p[2]); }
