__device__ int all(int n, int *p) {
  int acc = 0;
  ;
  { int inner = 1; acc += inner; }
  if (n > 0) acc = 1; else if (n < 0) acc = -1; else acc = 0;
  while (n--) acc++;
  do acc--; while (acc > 10);
  for (int i = 0, j = 1; i < n; ++i, j <<= 1) acc ^= j;
  for (;;) break;
  for (acc = 0; acc < 3;) acc++;
  switch (n) {
  case 0:
  case 1: acc = 2; break;
  case 2: { acc = 3; } /* fallthrough */
  default: break;
  }
again:
  if (acc < 0) goto again;
#pragma unroll
  for (int k = 0; k < 4; ++k) p[k] = k;
#pragma unroll 2
  while (0) continue;
  if (n)
#pragma nounroll
    for (;;) break;
  return acc;
end:
}
__device__ unsigned lane() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}
