// C++ needs a declaration before a use; a prototype is enough.
__device__ int proto(int);

__global__ void k(int *out) {
  out[0] = proto(1);
  out[1] = later(2);
  out[2] = later_var;
}

__device__ int later(int x) { return x; }
__device__ int later_var;
__device__ int proto(int x) { return x + 1; }
