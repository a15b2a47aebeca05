__global__ void broken(int *out) {
  int v = threadIdx.x
  out[v] = v;
  return
}

__global__ void fine(int *out) { out[threadIdx.x] = 1; }
int g = 3 int h;
