// C++17 statements used wrongly: names of an init-statement or a condition used outside the
// statement, a condition's name redeclared in the block it controls, a condition of class type;
// structured bindings with the wrong number of names.
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

// Structured bindings with the wrong number of names, a repeated name.
__device__ int too_few_names(S s) {
  auto [a] = s;
  return a;
}

__device__ int too_many_names(S s) {
  auto [p, q, r] = s;
  return p + q + r;
}

__device__ int array_names(int i) {
  int arr[3] = {i, 2, 3};
  auto &[u, v] = arr;
  return u + v;
}

__device__ int repeated_name(S s) {
  auto [c, c] = s;
  return c;
}
