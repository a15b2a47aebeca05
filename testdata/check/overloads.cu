// Overload resolution over the builtin atomics and min/max, and an ambiguous user overload.
__device__ float pick(float a, double b) { return a; }
__device__ float pick(double a, float b) { return b; }
__global__ void k(float *f, int *i, unsigned long long *l) {
  atomicAdd(f, 1.0f);
  atomicAdd(i, 1);
  atomicAdd(l, 1ull);
  f[1] = fminf(f[2], 3.0f) + max(i[0], 2);
  f[2] = pick(1.0f, 1.0f);
}
