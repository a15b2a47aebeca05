__global__ void child(int *p);
__device__ int e(int a, int b, int c, int *p, float f, const char *s) {
  a = b = c;
  a += b -= c *= 2;
  a = a || b && c | a ^ b & c == a != b < c > a <= b >= c << 1 >> 2 + 3 - 4 * 5 / 6 % 7;
  a = a ? b : c ? a : b;
  a = (a, b, c);
  a = -b + +c - !a + ~b;
  a = *p + p[1] + *&a + (&a)[0];
  a = ++a + a++ - --a - a--;
  f = (float)a + (float)(unsigned)b * sizeof a + sizeof(int) + alignof(float);
  s = "multi" "part" "string";
  a = 'x' + L'y' + 0x1f + 017 + 10u + 10ull;
  f = 1.5f + 2.0 + 1e-3 + .5 + 0x1p-2;
  a = true + false + (nullptr == 0);
  child<<<1, 32>>>(p);
  child<<<dim3(2, 2), 64, 0, 0>>>(p);
  a = p->x + (*p).y;
  return a;
}
