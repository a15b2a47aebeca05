// ARGS: -arch=sm_80 -std=c++17
// An array's cv-qualifiers are its elements' ([basic.type.qualifier]/3): `const In&` deduced
// from a `const float[4]` lvalue is `In = float[4]`, a partial specialization `v<T[N]>` of a
// variable template matches `const float[4]` with `T = const float`, and `T (&)[N]` of a
// const array is `T = const int` (CUB's `to_array(const Input&)` calling
// `to_array_impl<C>(input, ...)`: `static_size_v<Input>` was the primary's, silently 0 here).
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 4;
// CHECK: +4], 4;
// CHECK: +8], 4;
// CHECK: +12], 4;
// CHECK: +16], 4;
// CHECK: +20], 14;
// CHECK: +24], 0;
// CHECK: +28], 13;
// CHECK: +32], 6;
typedef unsigned long size_t;
template <class T> constexpr int ssz = 0;
template <class T, size_t N> constexpr int ssz<T[N]> = N;
template <class T> struct S {
  static constexpr int v = 0;
};
template <class T, size_t N> struct S<T[N]> {
  static constexpr int v = N;
};
template <class T> struct isc {
  static constexpr int v = 0;
};
template <class T> struct isc<const T> {
  static constexpr int v = 1;
};
template <class In> __device__ int f(const In &) { return ssz<In> + 10 * isc<In>::v; }
template <class In> __device__ int g(const In &in) { return f(in); }
template <class T, int N> __device__ int r(T (&a)[N]) { return N + 10 * isc<T>::v; }
template <class T, int N> __device__ int sum(const T (&a)[N]) {
  T s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i];
  return s;
}
typedef const float cf4[4];
__global__ void k(int *o) {
  float a[4] = {1, 2, 3, 4};
  const int c[3] = {1, 2, 3};
  o[0] = ssz<const float[4]>;
  o[1] = S<const float[4]>::v;
  o[2] = f(a);
  o[3] = g(a);
  o[4] = ssz<cf4>;
  o[5] = S<const cf4>::v + 10 * isc<cf4>::v;
  o[6] = isc<float[4]>::v;
  o[7] = r(c);
  o[8] = sum(c);
}
