// ARGS: -arch=sm_80 -O3 -std=c++17
// `template <auto L>` deduced from a class template argument takes the argument's type (was
// `int`): in partial specializations (`P<W<L>>`) and function templates (`f(W<L>)`), with
// nvcc's values and mangled names (`_Z1gILt7EE...`); `W<5>`, `W<5u>` and `W<(short)5>` are
// three classes (shown `W<5>`, `W<5U>`, `W<(short)5>`).
template <auto L> struct W {};
template <class T> struct P { static constexpr int v = 0; };
template <auto L> struct P<W<L>> { static constexpr int v = sizeof(L) * 10 + ((decltype(L))-1 > 0); };
template <auto L> __device__ int f(W<L>) { return sizeof(L) * 10 + ((decltype(L))-1 > 0); }
template <auto L> __noinline__ __device__ void g(W<L>, int *o) { o[0] = sizeof(L) * 10 + ((decltype(L))-1 > 0); }
__global__ void k(int *o) {
  o[0] = P<W<(char)3>>::v;
  o[1] = P<W<5u>>::v;
  o[2] = P<W<(short)5>>::v;
  o[3] = P<W<5>>::v;
  o[4] = f(W<(char)3>{});
  o[5] = f(W<5u>{});
  o[6] = f(W<5ull>{});
  o[7] = f(W<true>{});
  o[8] = f(W<(unsigned short)7>{});
  g(W<(unsigned short)7>{}, o + 9);
  g(W<(char)3>{}, o + 10);
  g(W<5u>{}, o + 11);
}
// CHECK: .func _Z1gILt7EEv1WIXT_EEPi(
// CHECK: .func _Z1gILc3EEv1WIXT_EEPi(
// CHECK: .func _Z1gILj5EEv1WIXT_EEPi(
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 10;
// CHECK: st.global.b32 [%rd2+4], 41;
// CHECK: st.global.b32 [%rd2+8], 20;
// CHECK: st.global.b32 [%rd2+12], 40;
// CHECK: st.global.b32 [%rd2+16], 10;
// CHECK: st.global.b32 [%rd2+20], 41;
// CHECK: st.global.b32 [%rd2+24], 81;
// CHECK: st.global.b32 [%rd2+28], 11;
// CHECK: st.global.b32 [%rd2+32], 21;
// CHECK: .func _Z1gILt7EEv1WIXT_EEPi(
// CHECK: st.b32 [%rd1], 21;
// CHECK: .func _Z1gILc3EEv1WIXT_EEPi(
// CHECK: st.b32 [%rd1], 10;
// CHECK: .func _Z1gILj5EEv1WIXT_EEPi(
// CHECK: st.b32 [%rd1], 41;
