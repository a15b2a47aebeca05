// ARGS: -arch=sm_80 -O3 -std=c++17
// Calls through function pointers and references bind reference parameters to the
// arguments (the callee's increments are seen); local function pointers whose parameters
// are references; `S::f<X>(...)` with `S` a typedef or a member typedef.
__device__ void inc(int &x) { x += 1; }
__device__ int twice(const int &x) { return 2 * x; }
struct S { template <class T> __device__ static int f(T x) { return sizeof(T) + x; } };
using SS = S;
typedef S ST;
template <class U> struct H {
  using type = S;
  template <class T> __device__ static int g(T *p) { return type::template f<T>(*p); }
};
__global__ void k(int *o) {
  void (*fp)(int &) = inc;
  void (&fr)(int &) = inc;
  int (*tp)(const int &) = &twice;
  int a = 5;
  fp(a);
  fr(a);
  (*fp)(a);
  o[0] = a;
  o[1] = tp(a);
  o[2] = SS::f<char>(3);
  o[3] = ST::f<long>(3);
  short s = 4;
  o[4] = H<int>::g(&s);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 8;
// CHECK: st.global.b32 [%rd2+4], 16;
// CHECK: st.global.b32 [%rd2+8], 4;
// CHECK: st.global.b32 [%rd2+12], 11;
// CHECK: st.global.b32 [%rd2+16], 6;
