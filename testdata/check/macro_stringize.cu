// Regression: several zero-width string literals of one macro expansion (`#e` and `__FILE__`)
// must each read their own spelling (the last line's error is the only diagnostic).
__device__ void check(const char *cond, const char *file, unsigned line, const char *fn, unsigned long size);
#define CHECK(e) ((e) ? (void)0 : check(#e, __FILE__, __LINE__, "", sizeof(char)))
__global__ void k(int n) {
  CHECK(n > 0);
  CHECK(n < 100 && n != 7);
  int x = undefined_name;
}
