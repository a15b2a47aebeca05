// ARGS: -arch=sm_80 -O3
// Deduced return types: `auto f(...)` for ordinary functions (recursion after a first
// `return`, `void` without one), member functions, members of class templates, member
// function templates and function templates, whose instances each deduce their own type and
// mangle it as `Da`.
__device__ auto scale(int x) { return x * 3; }

__device__ auto fact(int n) {
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}

__host__ __device__ auto store(int *p, int v) { *p = v; }

template <class T> __device__ __noinline__ auto twice(T x) { return x + x; }

template <class T> __device__ const auto half(T x) { return x / 2; }

struct Acc {
  int v;
  __device__ auto get() const { return v + 1; }
};

template <class T> struct Box {
  T v;
  __device__ auto doubled() const { return v * 2; }
  template <class U> __device__ __noinline__ auto mul(U u) const { return v * u; }
};

__global__ void autoret(const int *in, float *fo, int *out) {
  int i = threadIdx.x;
  int x = in[i];
  Acc a{x};
  Box<float> b{fo[i]};
  out[6 * i + 0] = scale(x);
  out[6 * i + 1] = fact(i % 8);
  store(&out[6 * i + 2], x - 5);
  out[6 * i + 3] = twice(x);
  out[6 * i + 4] = a.get() + half(x);
  out[6 * i + 5] = sizeof(twice(1.0)) + sizeof(half(2.0f));
  fo[i] = twice(fo[i]) + b.doubled() + b.mul(2);
}

// CHECK: .func  (.param .b32 func_retval0) _Z5twiceIiEDaT_(
// CHECK: .func  (.param .b32 func_retval0) _Z5twiceIfEDaT_(
// CHECK: .func  (.param .b32 func_retval0) _ZNK3BoxIfE3mulIiEEDaT_(
// CHECK: .visible .entry _Z7autoretPKiPfPi(
