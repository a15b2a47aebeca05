// A kernel template whose signature holds a dependent expression warpc cannot mangle as nvcc
// does (a call in `decltype`) is reported at the template, never named differently. The same
// signature on a device function is fine without -rdc (its name is not seen outside).
template <class T> __device__ T twice(T x) { return x + x; }
template <class T> __global__ void k(T *out, decltype(twice(T())) v) { *out = v; }
template __global__ void k<int>(int *, int);
template <class T> __device__ __noinline__ auto g(T a) -> decltype(twice(a)) { return twice(a); }
__global__ void use(int *out) { *out = g(3); }
