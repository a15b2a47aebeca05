// Inline asm errors nvcc reports differently or only in its code generator (an internal
// compiler error there): a non-lvalue output, operand numbers and modifiers in the template,
// a `%` at the end, clobbers other than "memory", symbolic operand names.
__device__ int outputs(int x) {
  asm("mov.b32 %0, %1;" : "=r"(x + 1) : "r"(x));
  return x;
}

__device__ int templates(int x) {
  int r;
  asm("mov.b32 %0, %2;" : "=r"(r) : "r"(x));
  asm("mov.b32 %0, %c1;" : "=r"(r) : "r"(x));
  asm("mov.b32 %0, %1; // 50%" : "=r"(r) : "r"(x));
  asm("mov.b32 %0, %1;" : "=r"(r) : "r"(x) : "cc");
  asm("mov.b32 %0, %1;" : "=r"(r) : "r"(x) : "r1");
  asm("mov.b32 %[out], %1;" : [out] "=r"(r) : "r"(x));
  asm goto("bra %l0;" :::: done);
done:
  return r;
}
