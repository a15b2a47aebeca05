// Rvalue references do not bind lvalues; non-const lvalue references do not bind rvalues.
__device__ int take(int &&x) { return x; }
__device__ int take_l(int &x) { return x; }
__global__ void k(int *p) {
  int a = p[0];
  int &&r = a;
  p[1] = take(a);
  p[2] = take_l(a + 1);
  p[3] = r;
}
