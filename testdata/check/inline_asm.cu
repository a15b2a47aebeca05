// Inline asm operand errors, as nvcc reports them: constraint letters, modifiers, operand
// types against the letter's register width, non-scalar operands.
__device__ int letters(int x, float f) {
  int r;
  asm("mov.b32 %0, %1;" : "=q"(r) : "r"(x));
  asm("mov.b32 %0, %1;" : "=r"(r) : "z"(x));
  asm("mov.b32 %0, %1;" : "=r"(r) : "m"(x));
  asm("mov.b32 %0, %1;" : "=rf"(r) : "r"(x));
  asm("mov.b32 %0, %1;" : "r"(r) : "r"(x));
  asm("mov.b32 %0, %1;" : "=r"(r) : "+r"(x));
  return r;
}

__device__ int types(int x, float f, long long l, short s) {
  int r;
  float g;
  asm("mov.b32 %0, %1;" : "=r"(r) : "r"(f));
  asm("mov.b32 %0, %1;" : "=f"(g) : "f"(x));
  asm("mov.b32 %0, %1;" : "=r"(r) : "r"(l));
  asm("mov.b32 %0, %1;" : "=r"(r) : "h"(x));
  asm("add.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "n"(x));
  return r + (int)g + s;
}

struct S { int a; };
__device__ int aggregates(int x, S s) {
  asm("mov.b32 %0, %1;" : "=r"(x) : "r"(s));
  return x;
}
