// Unterminated literals and comments, multicharacter literals, bad directives. warpc's
// preprocessor uses EDG's (NVRTC's) wording; nvcc's gcc preprocessor says "#if with no
// expression", "no macro name given in #define directive" and "#include expects ...".
#if
#endif
#define
#include
#warning "a user warning"
__global__ void k(char *p) {
  p[0] = 'ab';
  const char *s = "unterminated;
  p[1] = s[0];
}
__global__ void after(int *p) { p[0] = 1; }
/* unterminated comment
