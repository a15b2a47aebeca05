// Type mismatches in initialization, assignment and arguments; argument counts; non-modifiable
// lvalues. Same lines and messages as nvcc -ptx -arch=sm_90.
struct P { int a; };
__device__ int two(int a, int b) { return a + b; }
__global__ void k(int *p, float *f) {
  P s;
  int i = s;
  float *q = p;
  s = 3;
  p[0] = two(1);
  p[1] = two(1, 2, 3);
  p[2] = two(s, 1);
  const int c = 1;
  c = 2;
  5 = p[3];
}
