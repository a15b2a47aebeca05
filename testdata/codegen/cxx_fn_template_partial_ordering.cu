// ARGS: -arch=sm_80 -O3 -std=c++17
// Function template partial ordering ([temp.func.order]) as the last tie-breaker of overload
// resolution ([over.match.best]/2.5): templates are ordered only among candidates whose
// conversion sequences tie, by deducing each one's parameters from the other's with unique
// types in place of its template parameters.
struct P {
  __device__ int operator()(int a, int b) const { return a + b; }
};
// CUB's BlockScanRaking::ExclusiveScan shape: for an lvalue `op` both take the arguments with
// exact matches, and `ex(T, T&, const T&, Op)` is the more specialized one.
template <class T> struct R {
  template <class Op> __device__ int ex(T in, T &out, const T &init, Op op) {
    out = op(in, init);
    return 1;
  }
  template <class Op, class Cb> __device__ int ex(T in, T &out, Op op, Cb &cb) {
    out = 0;
    return 2;
  }
};
template <class Op> __device__ int f(int in, int &out, int init, Op op) { return R<int>().ex(in, out, init, op); }

// An exact match beats a conversion before any ordering: g(1.0, 2.0f) is g(T, U).
template <class T, class U> __device__ int g(T, U) { return 1; }
template <class U> __device__ int g(int, U) { return 2; }
template <class T> __device__ int p(T) { return 1; }
template <class T> __device__ int p(T *) { return 2; }
template <class T> __device__ int r(T &) { return 1; }
template <class T> __device__ int r(const T &) { return 2; }
template <class... T> __device__ int v(T...) { return 1; }
template <class T, class... U> __device__ int v(T, U...) { return 2; }
template <class T> __device__ int q(T, T) { return 1; }
template <class T, class U> __device__ int q(T, U) { return 2; }
template <class T> __device__ int s(const T *) { return 1; }
template <class T> __device__ int s(T *) { return 2; }
template <class T> __device__ int fw(T &&) { return 1; }
template <class T> __device__ int fw(const T &) { return 2; }
// Both viable for (0, 4, 5); fetch(h, x, mode) converts no worse and `4` exactly.
template <class T> __device__ int fetch(T *, unsigned long long, int, int = 0) { return 1; }
template <class T> __device__ int fetch(unsigned long long, int, int = 0) { return 2; }

// A recursion ended by an overload with a fixed step (CUB's RakingReduction, constant_t<N>).
template <int N> struct C {};
template <class T> struct Acc {
  template <class Op, int I> __device__ T run(Op op, const T *a, T p, C<I>) { return run(op, a, op(p, a[I]), C<I + 1>()); }
  template <class Op> __device__ T run(Op, const T *, T p, C<4>) { return p; }
};

__global__ void k(int *o) {
  const int ci = o[20];
  int x = o[21];
  int y;
  o[0] = f(o[22], y, 7, P{});
  o[1] = y;
  o[2] = g(1.0, 2.0f);
  o[3] = g(1, 2.0f);
  o[4] = p(o);
  o[5] = p(x);
  o[6] = r(ci);
  o[7] = r(x);
  o[8] = v(1, 2);
  o[9] = v();
  o[10] = q(1, 2);
  o[11] = s((const int *)o);
  o[12] = s(o);
  o[13] = fw(ci);
  o[14] = fw(x);
  o[15] = fetch<float>(0, 4, 5);
  o[16] = Acc<int>().run(P{}, o + 20, 0, C<0>());
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+8], 1;
// CHECK-NEXT: st.global.b32 [%rd2+12], 2;
// CHECK-NEXT: st.global.b32 [%rd2+16], 2;
// CHECK-NEXT: st.global.b32 [%rd2+20], 1;
// CHECK-NEXT: st.global.b32 [%rd2+24], 2;
// CHECK-NEXT: st.global.b32 [%rd2+28], 1;
// CHECK-NEXT: st.global.b32 [%rd2+32], 2;
// CHECK-NEXT: st.global.b32 [%rd2+36], 1;
// CHECK-NEXT: st.global.b32 [%rd2+40], 1;
// CHECK-NEXT: st.global.b32 [%rd2+44], 1;
// CHECK-NEXT: st.global.b32 [%rd2+48], 2;
// CHECK-NEXT: st.global.b32 [%rd2+52], 2;
// CHECK-NEXT: st.global.b32 [%rd2+56], 1;
// CHECK-NEXT: st.global.b32 [%rd2+60], 2;
// CHECK: st.global.b32 [%rd2+64],
