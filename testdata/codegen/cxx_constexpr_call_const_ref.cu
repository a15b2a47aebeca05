// A `constexpr` function taking and returning `const T&` (`cuda::std::max`, libcu++'s
// `constexpr auto __align = ::cuda::std::max(alignof(_Tp), __get_size_align_v<_Size>);` then
// `__dispatch_memcpy_async<__align>(...)`) in a constant expression: each argument is bound to a
// temporary (or is a constant variable), the result is the value the returned reference
// designates.
// ARGS: -arch=sm_80 -O3 -std=c++17
template <class T> __host__ __device__ constexpr const T &mx(const T &a, const T &b) { return a < b ? b : a; }
template <class T> __host__ __device__ constexpr const T &first(const T &a, const T &) { return a; }
__host__ __device__ constexpr float half(const float &x) { return x / 2; }
template <unsigned long N> __device__ int disp(int x) { return x * 100 + (int)N; }
template <class T> constexpr unsigned long size_align = 1;
struct Aligned {};
template <> constexpr unsigned long size_align<Aligned> = 16;
template <class T, class S> __device__ int f(int x) {
  constexpr auto al = mx(alignof(T), size_align<S>);
  return disp<al>(x);
}
constexpr int seven = 7;
template <int N> struct Tag {
  static constexpr int v = N;
};
__global__ void k(int *out) {
  out[0] = f<double, int>(1);
  out[1] = f<char, Aligned>(2);
  constexpr unsigned long zero = mx(0ul, 0ul);
  int a[mx(2, 3) + 1];
  out[2] = sizeof(a) + zero;
  out[3] = Tag<first(seven, 1)>::v + Tag<mx(-4, -9)>::v * 10;
  constexpr float h = half(5.0f);
  out[4] = (int)(h * 10);
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 108;
// CHECK: st.global.b32 [%rd2+4], 216;
// CHECK: st.global.b32 [%rd2+8], 16;
// CHECK: st.global.b32 [%rd2+12], -33;
// CHECK: st.global.b32 [%rd2+16], 25;
