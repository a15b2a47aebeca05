__device__ void f(int x, int *p) {
  int r, s;
  asm("mov.u32 %0, %%laneid;" : "=r"(r));
  __asm__ __volatile__("add.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "n"(4 * 2));
  asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(x) : "memory");
  asm("{\n\t"
      ".reg .pred q;\n\t"
      "}" ::: "memory");
  asm("mov.b32 %[o], %1;" : [o] "+r"(s) : "r"(x));
  asm goto("bra %l0;" :::: done);
done:
  return;
}
