// ARGS: -arch=sm_80 -O3 -std=c++17
// Constructors and member functions of a class template whose parameter lists expand the
// class's own pack (`Tup(const T&... t)`, `int f(int k, T... t)`): one parameter per element,
// mangled as the element types, the body naming them as the pack `t` (`sum(t...)`); with an
// empty pack the constructor is a default constructor.
template <class... T> struct Tup {
  int n;
  __device__ Tup(const T &...t) : n((int)sizeof...(T) * 1000 + sum(t...)) {}
  template <class... U> static __device__ int sum(U... u) { return (0 + ... + (int)u); }
  __device__ __noinline__ int f(int k, T... t) const { return n + k * sum(t...); }
};

__global__ void class_pack_params(const int *in, int *out) {
  int t = threadIdx.x;
  int x = in[t];
  int *o = out + 4 * t;
  Tup<int, float> a(x, 2.5f);
  o[0] = a.n;
  o[1] = a.f(3, x, 4.5f);
  Tup<> e;
  o[2] = e.n + e.f(7);
  Tup<short, char, long> c((short)x, (char)1, 5L);
  o[3] = c.f(-1, (short)2, (char)3, 4L);
}

// CHECK: .func  (.param .b32 func_retval0) _ZNK3TupIJifEE1fEiif(
// CHECK: .func  (.param .b32 func_retval0) _ZNK3TupIJEE1fEi(
// CHECK: .func  (.param .b32 func_retval0) _ZNK3TupIJsclEE1fEiscl(
// CHECK: .visible .entry _Z17class_pack_paramsPKiPi(
