__device__ void f(int x) {
  if (x) {
    x = 1;
