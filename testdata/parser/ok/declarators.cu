// Pointers, arrays, functions, parentheses, abstract declarators.
int *p, **pp, *const cp, *volatile *restrict vp;
int a[10], b[2][3], *pa[4], (*ap)[4];
int (*fp)(int, float *), (*fpa[3])(void);
int (*fret(int x))(double);
void va(const char *fmt, ...);
void unnamed(int, float *, int[], int (*)(int), int (*)[3]);
int (paren);
void arr_param(float a[static 4], float b[const]);
unsigned long s = sizeof(int (*)[4]) + sizeof(const char *) + _Alignof(double);
