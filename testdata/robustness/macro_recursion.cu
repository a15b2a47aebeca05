// Self-referential macros stop expanding (C11 6.10.3.4): A -> B -> A, F(x) -> F(x) + 1.
#define A B
#define B A
#define F(x) F(x) + 1
__global__ void k(int *p) {
  p[0] = A;
  p[1] = F(2);
}
