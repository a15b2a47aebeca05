// Pointer and qualifier mistakes.
__global__ void k(const int *in, int *out, float *f) {
  int *p = in;
  out = f;
  in[0] = 1;
  int x = out;
}
