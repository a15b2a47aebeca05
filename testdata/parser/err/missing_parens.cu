__device__ int f(int a, int b {
  if (a > b return a;
  while a < b) a++;
  return g(a, b;
}
__device__ int ok(int a) { return a; }
