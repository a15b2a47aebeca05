// Deduced return types: a call before any `return` gave the type, returns of different types.
__device__ auto loop(int n) { return loop(n - 1) + 1; }

__device__ auto mixed(int n) {
  if (n)
    return 1;
  return 2.0f;
}

template <class T> __device__ auto pick(T x) {
  if (x)
    return x;
  return 0;
}

__global__ void k(int *o, float *f) {
  o[0] = loop(o[1]);
  o[2] = mixed(o[3]);
  f[0] = pick(f[1]);
}
