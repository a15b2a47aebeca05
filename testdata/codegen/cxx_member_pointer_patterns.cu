// A pointer-to-member pattern `T C::*` is not a pointer pattern `T*`: libcu++'s
// is_member_pointer-style partial specializations do not match `int*`, and a function template
// whose parameter is `T C::*` is not viable for an `int*` argument (the `T` overload is chosen),
// as nvcc does. Member-pointer types themselves are not supported yet
// (testdata/check/member_pointer_types.cu).
// ARGS: -arch=sm_80 -O3 -std=c++17
template <class T> struct is_mp { static const bool value = false; };
template <class T, class C> struct is_mp<T C::*> { static const bool value = true; };
template <class T> struct is_mp<T *const> { static const bool value = false; };
template <class T> struct is_ptr { static const bool value = false; };
template <class T> struct is_ptr<T *> { static const bool value = true; };
struct S { int x; };
template <class T, class C> __device__ int g(T C::*) { return 3; }
template <class T> __device__ int g(T) { return 4; }
template <class T, class C> __device__ int h(T C::*, int) { return 5; }
template <class T> __device__ int h(T *, long) { return 6; }
__global__ void k(int *out) {
  out[0] = is_mp<int *>::value;
  out[1] = is_ptr<int *>::value;
  int *p = 0;
  out[2] = g(p);
  out[3] = h(p, 1);
  out[4] = is_mp<S *>::value + 10 * is_mp<int *const>::value;
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 0;
// CHECK: st.global.b32 [%rd2+4], 1;
// CHECK: st.global.b32 [%rd2+8], 4;
// CHECK: st.global.b32 [%rd2+12], 6;
// CHECK: st.global.b32 [%rd2+16], 0;
