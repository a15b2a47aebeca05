// Calls of constexpr functions inside constant expressions the front end evaluates itself:
// template arguments, defaults of template parameters (a selector computed by a constexpr
// function template, as libcu++'s __numeric_limits_impl does), and array bounds; the constexpr
// interpreter computes each call once the callee exists.
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
enum class Kind { integral, floating, other };
template <class T> __host__ __device__ constexpr Kind kind_of() {
  if constexpr (T(1) / 2 != 0) {
    return Kind::floating;
  } else if constexpr (sizeof(T) <= 8) {
    return Kind::integral;
  } else {
    return Kind::other;
  }
}
template <class T, Kind = kind_of<T>(), class U = T>
struct limits_impl {
  static constexpr int digits = 0;
};
template <class T>
struct limits_impl<T, Kind::integral> {
  static constexpr int digits = 8 * sizeof(T) - 1;
  __host__ __device__ static constexpr T lowest() { return T(1) << digits; }
};
template <>
struct limits_impl<float, Kind::floating> {
  static constexpr int digits = 24;
  static constexpr bool is_signed = true;
  __host__ __device__ static constexpr float lowest() { return -3.0f; }
};
template <class T> struct limits : limits_impl<T> {};

__host__ __device__ constexpr int sq(int x) { return x * x; }
template <int N> __host__ __device__ constexpr int tri() { int s = 0; for (int i = 1; i <= N; ++i) s += i; return s; }
template <int N> struct Fixed { static constexpr int value = N; };
template <int N> __device__ int twice() { return 2 * N; }

__global__ void k(int *p, float *f) {
  int a[sq(2)];
  for (int i = 0; i < sq(2); ++i) a[i] = i;
  p[0] = limits<float>::digits + limits<float>::is_signed;
  p[1] = limits<int>::digits;
  p[2] = limits<int>::lowest();
  p[3] = Fixed<sq(3) + tri<4>()>::value;
  p[4] = twice<tri<3>()>() + a[3];
  f[0] = limits<float>::lowest();
}
// CHECK: .entry _Z1kPiPf(
// CHECK: st.global.b32 [%rd2], 25;
// CHECK: st.global.b32 [%rd2+4], 31;
// CHECK: st.global.b32 [%rd2+8], -2147483648;
// CHECK: st.global.b32 [%rd2+12], 19;
// CHECK: st.global.b32 [%rd2+16], 15;
// CHECK: st.global.b32 [%rd4], -1069547520;
