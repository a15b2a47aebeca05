// ARGS: -arch=sm_80 -std=c++17
// libcu++'s fast `declval` (CCCL 3.1, as CuPy bundles it): a variable template of
// function-pointer type named through an alias (`type_identity_t<T&& (*)() noexcept>`), with a
// partial specialization, called inside `decltype` in a class template's member typedef: the
// class template specializations its type names are made before the operand is typed.
template <class T> struct ti { using type = T; };
template <class T> using ti_t = typename ti<T>::type;
template <class...> using vt = void;
template <class T, class = void> extern ti_t<void (*)() noexcept> dv;
template <class T> extern ti_t<T && (*)() noexcept> dv<T, vt<T &&>>;
template <class T> struct nt {
  static __device__ float t(float);
  static __device__ double t(int);
  static __device__ char t(...);
  using type = decltype(t(dv<T>()));
};
struct S {};
__global__ void k(int *o) {
  o[0] = sizeof(typename nt<int>::type);
  o[1] = sizeof(decltype(nt<float>::t(dv<float>())));
  o[2] = sizeof(typename nt<S>::type);
  o[3] = sizeof(typename nt<short>::type);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 8;
// CHECK: st.global.b32 [%rd2+4], 4;
// CHECK: st.global.b32 [%rd2+8], 1;
// CHECK: st.global.b32 [%rd2+12], 8;
