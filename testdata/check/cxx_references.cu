// C++ references and default arguments: binding errors and default-argument rules.
__device__ void inc(int &v) { v++; }
__device__ int get(const int &v, int scale = 2) { return v * scale; }
__device__ int bad_default(int a = 1, int b);
__global__ void k(int *p, float *f) {
  inc(p[0]);
  inc(p[0] + 1);
  inc(f[0]);
  p[1] = get(3);
  p[2] = get(p[0], 3, 4);
  int &r;
  int &s = p[3];
  s = get();
}
