__global__ void k(char *out) {
  const char *s = "unterminated;
  out[0] = s[0];
}
