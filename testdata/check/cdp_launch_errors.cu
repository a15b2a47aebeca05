// ARGS: -arch=sm_80 -rdc=true
// Device-side launches that nvcc rejects with -rdc=true: a launch of a non-kernel, a kernel template whose arguments do not deduce.
__device__ int dev(int* p) { return p[0]; }
template <typename T> __global__ void twice(T* a, T* b) { a[0] = b[0]; }
__global__ void parent(int* p, float* f) {
  dev<<<1, 1>>>(p);
  twice<<<1, 1>>>(p, f);
}
