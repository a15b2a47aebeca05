__global__ void k(int *p) { p[0] = 1; }
/* never closed
