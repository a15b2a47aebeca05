// Rvalue references: `T&&` parameters bind rvalues (through a temporary) and xvalues
// (`static_cast<T&&>`, calls returning `T&&`), overloads on `T&` / `T&&` / `const T&`,
// forwarding references deducing `T&` for lvalues (reference collapsing), a move helper, and a
// local `int&&` extending a temporary.
struct V {
  float x, y;
};
__device__ __noinline__ int sink(int &x) { return x * 10; }
__device__ __noinline__ int sink(int &&x) { return x * 100; }
__device__ __noinline__ float sinkv(const V &v) { return v.x; }
__device__ __noinline__ float sinkv(V &&v) {
  v.x += 1.0f;
  return v.x * 2.0f;
}
template <class T> __device__ __noinline__ int fwd(T &&x) { return sink(static_cast<T &&>(x)); }
template <class T> __device__ T &&my_move(T &x) { return static_cast<T &&>(x); }
__device__ __noinline__ void bump(int &&x) { x += 5; }

__global__ void rref(int *p, float *q) {
  int a = p[threadIdx.x];
  int &&r = a * 2;
  r += 1;
  int s = fwd(a);
  s += fwd(a + 1);
  p[threadIdx.x] = s + r;
  bump(my_move(a));
  bump(7);
  V v{1.0f, 2.0f};
  V w{3.0f, 4.0f};
  float f = sinkv(v);
  f += sinkv(static_cast<V &&>(w));
  f += sinkv(my_move(v));
  q[threadIdx.x] = f + v.x + a;
}

// CHECK: .func  (.param .b32 func_retval0) _Z4sinkRi(
// CHECK: .func  (.param .b32 func_retval0) _Z4sinkOi(
// CHECK: .func  (.param .b32 func_retval0) _Z5sinkvRK1V(
// CHECK: .func  (.param .b32 func_retval0) _Z5sinkvO1V(
// CHECK: .func _Z4bumpOi(
// CHECK: .func  (.param .b32 func_retval0) _Z3fwdIRiEiOT_(
// CHECK: .func  (.param .b32 func_retval0) _Z3fwdIiEiOT_(
// CHECK: .visible .entry _Z4rrefPiPf(
