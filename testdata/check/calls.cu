// Argument counts, host calls from device code, and undefined names.
int host_only(int v) { return v; }
__device__ int two(int a, int b) { return a + b; }
__global__ void k(int *p) {
  p[0] = two(1);
  p[1] = two(1, 2, 3);
  p[2] = host_only(3);
  p[3] = undefined_thing;
}
