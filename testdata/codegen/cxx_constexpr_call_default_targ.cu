// A constexpr call (in a template's `constexpr` local) whose callee names a class template
// specialization with a default argument computed by another constexpr call (libcu++'s
// numeric_limits<T> : __numeric_limits_impl<T, __make_numeric_limits_type<T>()>, read by
// popcount under cuda::is_power_of_two, CUB's WarpMask): the call waits for that default
// argument's value instead of failing for good.
// ARGS: -arch=sm_80 -O3 -std=c++17
template <class T, class U> struct is_same { static constexpr bool value = false; };
template <class T> struct is_same<T, T> { static constexpr bool value = true; };
template <class T> __host__ __device__ constexpr int mk() { return is_same<T, unsigned>::value ? 32 : 16; }
template <class T, int K = mk<T>()> struct B { static constexpr int digits = K; };
template <class T> struct L : B<T> {};
template <class T> __host__ __device__ constexpr int pc(T v) {
  int c = 0;
  for (int i = 0; i < L<T>::digits; ++i)
    c += (v >> i) & 1;
  return c;
}
template <int N> __device__ int f() {
  constexpr bool c = pc(unsigned(N)) == 1;
  if constexpr (c)
    return 1;
  else
    return 2;
}
__global__ void k(int *out) {
  out[0] = f<8>();
  out[1] = f<6>();
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+4], 2;
