// A missing `)` and a missing `;`: one error each, the next functions are checked.
__device__ int a(int x) {
  if (x > 0 {
    return 1;
  }
  return 0
}

__device__ int b(int x) {
  return x + undefined_in_b;
}

__global__ void k(int *out) {
  out[0] = a(1) + b(2);
  const int c = 3;
  c = 4;
}
