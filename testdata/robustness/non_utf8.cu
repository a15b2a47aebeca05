// Invalid UTF-8 in a comment (€ÿ), a string and between statements.
__global__ void k(int *p, char *s) {
  p[0] = 1;
  ÿþ
  s[0] = "Ã"[0];
}
