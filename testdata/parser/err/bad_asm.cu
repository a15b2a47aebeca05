__device__ void f(int x) {
  int r;
  asm("mov.u32 %0, %1;" : "=r"(r) : "r"(x) junk);
  asm(: "=r"(r));
  asm("nop;" : "=r"(r;
  asm volatile;
  r = x;
}
