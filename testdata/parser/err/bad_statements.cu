__device__ void f(int x) {
  x = ;
  x = (1 + ;
  ) ;
  else x = 2;
  int = 4;
  x = 1 2 3;
  for (int i = 0 i < 4; i++) {}
  case 3: ;
}
__device__ void g(void) {}
