// ARGS: -arch=sm_80 -O3 -std=c++17
// Member operator templates are candidates beside free operators that do not apply
// (`c -= d` with a member `template <class U> C &operator-=(const C<U> &)` and an unrelated
// `operator-=(H &, const H &)` in scope, as with libcu++'s complex and cuda_fp16.h); member
// function templates of a base class template are found through the derived class, by a call
// and by an operator (`tile.shfl_xor(v, 1)` of cooperative_groups).
struct H { int x; };
__device__ H &operator-=(H &a, const H &) { return a; }
__device__ H &operator+=(H &a, const H &) { return a; }
template <class T> class C {
  T re, im;
public:
  __device__ constexpr C(T r = T(), T i = T()) : re(r), im(i) {}
  __device__ constexpr T real() const { return re; }
  __device__ constexpr T imag() const { return im; }
  __device__ C &operator-=(const T &r) { re -= r; return *this; }
  template <class U> __device__ C &operator-=(const C<U> &c) { re -= c.real(); im -= c.imag(); return *this; }
  template <class U> __device__ C &operator+=(const C<U> &c) { re += 2 * c.real(); im += 2 * c.imag(); return *this; }
};
template <unsigned N> struct Base {
  int pad[3];
  template <class E> __device__ E twice(E e) const { return e * 2 + N; }
  template <class E> __device__ int operator<<(E e) const { return (int)e * 10 + (int)N; }
};
template <unsigned N> struct Mid : Base<N> {};
template <unsigned N, class P = void> struct Tile : H, Mid<N> {};
__global__ void k(int *o, float *f) {
  C<float> a(f[0], f[1]), b(f[2], f[3]);
  a -= b;
  a -= 1.0f;
  a += C<int>(1, 2);
  f[4] = a.real();
  f[5] = a.imag();
  Tile<8> t;
  o[0] = t.twice(o[1]);
  o[2] = t << 3;
  o[3] = (int)t.twice(1.5f);
}
// CHECK: .entry _Z1kPiPf(
// CHECK: st.global.b32 [%rd4+8], 38;
// CHECK: st.global.b32 [%rd4+12], 11;
