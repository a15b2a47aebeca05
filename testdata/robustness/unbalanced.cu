// Unbalanced brackets: the next function must still be parsed and checked.
__device__ int broken(int x) { return (x + [1; }
__device__ int fine(int y) { return y + undefined_after_broken; }
__global__ void k(int *p) { p[0] = fine(2); }
