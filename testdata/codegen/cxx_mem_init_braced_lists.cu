// ARGS: -arch=sm_80 -O3 -std=c++17
// Braced mem-initializers of aggregates take several values (`p{a, a + 1, 2.5f}`, `w{a, 2, 3}`)
// and pack expansions (`a{f(I + x)...}`), and so does a functional cast `arr<int, N>{f(d)...}`
// (libcu++'s extents and mdspan). nvcc gives 5, 6, 5, 8 and 22, 26, 4, 10, 12.
template <class T, int N> struct arr { T v[N]; };
__device__ int f(int x) { return x * 2; }
struct P { int x, y; float z; };
struct Q {
  P p;
  int w[3];
  __device__ Q(int a) : p{a, a + 1, 2.5f}, w{a, 2, 3} {}
};
template <int... I> struct S {
  arr<int, sizeof...(I)> a;
  int b[sizeof...(I)];
  __device__ S(int x) : a{f(I + x)...}, b{f(I)...} {}
};
template <int... I> __device__ arr<int, sizeof...(I)> mk(int d) { return arr<int, sizeof...(I)>{f(I + d)...}; }
__global__ void k(int *o, int a) {
  Q q(a);
  o[0] = q.p.x;
  o[1] = q.p.y;
  o[2] = (int)(q.p.z * 2);
  o[3] = q.w[0] + q.w[2];
  S<1, 2, 3> s(a * 2);
  auto m = mk<4, 5>(a - 4);
  o[4] = s.a.v[0];
  o[5] = s.a.v[2];
  o[6] = s.b[1];
  o[7] = m.v[0];
  o[8] = m.v[1];
}
// CHECK: .visible .entry _Z1kPii(
