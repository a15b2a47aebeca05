// Partial specializations of a variable template on `T&` and `T&&` (libcu++'s fallback
// `is_reference_v`): deduced from a type, not from a call, so `T&&` is no forwarding reference
// and takes only an rvalue reference; `const int&` matches `T&` alone (was: both, "more than
// one partial specialization matches").
// ARGS: -arch=sm_80 -O3 -std=c++17
template <class T> constexpr int ref_kind = 0;
template <class T> constexpr int ref_kind<T &> = 1;
template <class T> constexpr int ref_kind<T &&> = 2;
template <class T> constexpr bool is_const_v = false;
template <class T> constexpr bool is_const_v<const T> = true;
template <class T> constexpr bool is_fn = !(ref_kind<T> != 0 || is_const_v<const T>);
__global__ void k(int *out) {
  out[0] = ref_kind<int>;
  out[1] = ref_kind<const int &>;
  out[2] = ref_kind<int &&>;
  out[3] = ref_kind<const float *&>;
  out[4] = is_fn<const int &> + is_fn<int> * 10 + is_fn<int(float)> * 100;
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 0;
// CHECK: st.global.b32 [%rd2+4], 1;
// CHECK: st.global.b32 [%rd2+8], 2;
// CHECK: st.global.b32 [%rd2+12], 1;
// CHECK: st.global.b32 [%rd2+16], 100;
