__global__ void k(char *p) {
  const char *s = "abc;
  p[0] = s[0];
}
