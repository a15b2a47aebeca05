// ARGS: -arch=sm_80 -std=c++17
// A `static constexpr` (or `static const` integral) local is a constant expression: an
// `if constexpr` condition, an array bound (CUB's `static constexpr auto length =
// static_size_v<Input>;` then `if constexpr (length == 1)` in `cub::ThreadReduce`; warpc
// said "expression must have a constant value").
// CHECK: .visible .entry _Z1kPi(
// CHECK: +4], 7;
// CHECK: +16], 100;
// CHECK: +20], 12;
template <bool, class T = void> struct en {};
template <class T> struct en<true, T> {
  using type = T;
};
template <class T> constexpr bool af = false;
template <class T> constexpr int ssz = typename en<af<T>>::type{};
template <class T, unsigned long N> constexpr int ssz<T[N]> = N;
template <class T, int N> struct arr {
  T d[N];
};
template <class T, int N> constexpr int ssz<arr<T, N>> = N;
__device__ int h() {
  static constexpr int n = 3;
  if constexpr (n == 3)
    return 7;
  else
    return 8;
}
template <class T> __device__ int t() {
  static constexpr int n = sizeof(T);
  if constexpr (n == 4)
    return 7;
  else
    return 8;
}
template <class T> __device__ int u() {
  static constexpr auto n = sizeof(T);
  int a[n];
  a[0] = n;
  return a[0] + (n == 4);
}
template <class In> __device__ int f(const In &in) {
  static constexpr auto length = ssz<In>;
  if constexpr (length == 1)
    return 100;
  else
    return length;
}
template <int N> struct Box {
  int v[N];
};
__device__ int g(int x) {
  static const int m = 3;
  Box<m * 4> b;
  b.v[0] = x;
  return sizeof(b) / sizeof(int) + 0 * b.v[0];
}
__device__ int w(int x) {
  static constexpr int z[2] = {4, 5};
  return z[0] + z[1] + 0 * x;
}
__global__ void k(int *o) {
  float a[4] = {1, 2, 3, 4};
  arr<float, 1> b{};
  o[0] = h();
  o[1] = t<float>();
  o[2] = u<float>();
  o[3] = f(a);
  o[4] = f(b);
  o[5] = g(o[0]);
  o[6] = w(o[1]);
}
