// C++17 statements used wrongly: names of an init-statement or a condition used outside the
// statement, a condition's name redeclared in the block it controls, a condition of class type.
struct S {
  int a, b;
};

__device__ int outside_if(int x) {
  if (int y = x; y > 1)
    return y;
  return y;
}

__device__ int outside_switch(int x) {
  switch (int z = x; z) {
  default:
    break;
  }
  return z;
}

__device__ int redeclared(int x) {
  if (int y = x) {
    int y = 2;
    return y;
  }
  while (int v = x) {
    int v = 3;
    return v;
  }
  return 0;
}

__device__ int class_condition(int x) {
  if (S s = {x, x})
    return 1;
  return 0;
}
