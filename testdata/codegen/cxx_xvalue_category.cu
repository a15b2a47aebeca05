// ARGS: -arch=sm_80 -std=c++17
// xvalues: a member of an xvalue is an xvalue, `?:` of two xvalues is an xvalue (of an lvalue
// and an xvalue, a prvalue), and a non-const lvalue reference does not bind to one (so a
// SFINAE test of `f(declval<T>())` with `f(int&)` fails for `T = int`, as nvcc decides).
template <class T> __device__ T &&dv();
template <class A, class B> struct same { static constexpr bool value = false; };
template <class A> struct same<A, A> { static constexpr bool value = true; };
template <class T> __device__ T &&mv(T &x) { return static_cast<T &&>(x); }
struct S { int m; };
__device__ void f(int &) {}
template <class T, class = decltype(f(dv<T>()))> __device__ constexpr bool can_f(int) { return true; }
template <class T> __device__ constexpr bool can_f(long) { return false; }
__device__ int ov(int &a) { return a + 1; }
__device__ int ov(int &&a) { return a * 10; }
__global__ void k(const int *in, int *o) {
  int x = in[0];
  S s{in[1]};
  o[0] = same<decltype(false ? dv<int>() : dv<int>()), int &&>::value;
  o[1] = same<decltype(true ? x : mv(x)), int>::value;
  o[2] = same<decltype((dv<S>().m)), int &&>::value;
  o[3] = can_f<int>(0);
  o[4] = can_f<int &>(0);
  o[5] = ov(mv(x));
  o[6] = ov(x);
  o[7] = ov(mv(s).m);
  o[8] = ov(in[2] ? mv(x) : mv(s.m));
}
// CHECK: .visible .entry _Z1kPKiPi(
// CHECK: st.global.b32 [%rd4], 1;
// CHECK: st.global.b32 [%rd4+4], 1;
// CHECK: st.global.b32 [%rd4+8], 1;
// CHECK: st.global.b32 [%rd4+12], 0;
// CHECK: st.global.b32 [%rd4+16], 1;
