// C++17 statements: `if (init; cond)`, `if constexpr (init; cond)`, `switch (init; cond)`,
// conditions that declare a variable (`if (int y = f())`, `switch (int z = e)`,
// `while (int v = g())`); the declared names are scoped to the statement (both branches);
// structured bindings (below).
__device__ int g(int x) { return x - 3; }

__device__ int with_init(int x) {
  if (int y = x * 2; y > 3)
    return y;
  else
    return -y;
}

__device__ int switch_init(int x) {
  int r = 0;
  switch (int z = x + 1; z) {
  case 1:
    r = 10;
    break;
  case 2:
    r = 20 + z;
    break;
  default:
    r = z;
  }
  return r;
}

__device__ int cond_decl(int x) {
  if (int y = g(x))
    return y * 10;
  else if (int w = x; w > 100)
    return w;
  return 7;
}

__device__ int while_decl(int x) {
  int n = 0, v0 = x + 3;
  while (int v = g(v0)) {
    n += v;
    v0 = v0 - 1;
    if (n > 100)
      break;
  }
  return n;
}

template <int N> __device__ int constexpr_init(int x) {
  if constexpr (int k = N; N > 1)
    return x * k;
  else
    return x;
}

__device__ int switch_decl(int x) {
  switch (int z = x & 3) {
  case 0:
    return 5;
  case 1:
    return z;
  default:
    return -z;
  }
}

__device__ int empty_and_expr_init(int x) {
  int s = 0;
  if (; x > 1)
    s = 1;
  if (s += 2; x)
    s += 4;
  return s;
}

__device__ int shadowing(int x) {
  int y = 100;
  if (int y = x; y > 5)
    y += 1;
  else
    y -= 1;
  return y;
}

__global__ void statements(int *out) {
  int t = threadIdx.x;
  int *o = out + 8 * t;
  o[0] = with_init(t);
  o[1] = switch_init(t);
  o[2] = cond_decl(t);
  o[3] = while_decl(t % 8);
  o[4] = constexpr_init<3>(t) + constexpr_init<1>(t);
  o[5] = switch_decl(t);
  o[6] = empty_and_expr_init(t);
  o[7] = shadowing(t);
}

// CHECK: .visible .entry _Z10statementsPi(

// Structured bindings: by value (a hidden copy), by reference, `const auto &`, over structs,
// a class whose members are all in its base, arrays, and in range-based for loops.
struct P {
  int a;
  float b;
};
struct Base {
  int x, y;
};
struct Derived : Base {};
struct KV {
  int k;
  int v;
};

__device__ int by_value(P p) {
  auto [a, b] = p;
  a += 1;
  return a + (int)b + p.a;
}

__device__ int by_reference(P &p) {
  auto &[x, y] = p;
  x = 7;
  return p.a + (int)y;
}

__device__ int arrays(int t) {
  int arr[2] = {t, t * 3};
  const auto &[p, q] = arr;
  auto [u, v] = arr;
  u = 100;
  return p + q + arr[0] + v;
}

__device__ int through_base(int t) {
  Derived d;
  d.x = t;
  d.y = 2;
  auto [m, n] = d;
  return m * n;
}

__device__ int range_for(int t) {
  KV pairs[3] = {{1, t}, {2, t + 1}, {3, t + 2}};
  int s = 0;
  for (auto [k, v] : pairs)
    s += k * v;
  for (auto &[k, v] : pairs)
    v += 1;
  for (const auto &[k, v] : pairs)
    s += v;
  return s;
}

__global__ void bindings(int *out) {
  int t = threadIdx.x;
  P p = {t, 2.5f};
  int *o = out + 6 * t;
  o[0] = by_value(p);
  o[1] = by_reference(p);
  o[2] = p.a;
  o[3] = arrays(t);
  o[4] = through_base(t);
  o[5] = range_for(t);
}

// CHECK: .visible .entry _Z8bindingsPi(
