// A malformed declaration between functions: one error, the functions around it are checked.
__device__ int first(int x) { return x + nope1; }

__device__ int int garbage ) ;

__device__ int second(int x) { return x + nope2; }

__global__ void k(int *out) { out[0] = first(1) + second(2); }
