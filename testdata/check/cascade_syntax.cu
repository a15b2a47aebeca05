// A syntax error inside one function: exactly one error for it, and the functions before and
// after it are still checked (each has one semantic error).
__device__ int before(int x) {
  return x + missing_before;
}

__device__ int broken(int x) {
  int y = x * ;
  return y;
}

__device__ float after(float *p) {
  float v = p;
  return v;
}

__global__ void k(int *out, float *f) {
  out[0] = before(1) + broken(2);
  out[1] = (int)after(f);
  out[2] = after_undefined;
}
