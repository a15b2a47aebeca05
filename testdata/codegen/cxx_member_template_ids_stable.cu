// ARGS: -arch=sm_80 -std=c++17
// Member function templates of class template specializations keep their identity from one
// round of the def map's fixed point to the next: `A<128>` names `B<4>` complete only once the
// `constexpr` chain of `WARPS` has evaluated (a few rounds in), so a later build instantiates
// `B<4>` inside `A<128>`, before `A<128>`'s own member templates. An instance asked for earlier
// (`A<128>::g<5>`, `B<4>::h<7, 3>`) named another template then: "too few arguments for function
// template B<4>::h", "too many arguments for function template A<128>::g" (CUB's BlockScan's
// `ExclusiveSum` and BlockReduceWarpReductions' `Reduce`), or, with the same arity, a
// substitution failure outside any deduction (`B<4>::e<5>`: "class En<false> has no member
// type").
template <class T> __host__ __device__ constexpr T h3(T a, T b) { return (a + b - 1) / b; }
template <class T> __host__ __device__ constexpr T h2(T a, T b) { return h3<T>(a, b); }
template <class T> __host__ __device__ constexpr T h1(T a, T b) { return h2<T>(a, b); }
template <class T> __host__ __device__ constexpr T ceil_div(T a, T b) { return h1<T>(a, b); }
template <bool C> struct En {};
template <> struct En<true> { using type = int; };
template <int W> struct B {
  struct Storage { int v[W]; };
  template <int J, int K> __device__ static int h() { return 1000 * W + J * K; }
  template <int J> __device__ static typename En<J != 5>::type e() { return 100 * W + J; }
};
template <int N> struct A {
  static constexpr int WARPS = ceil_div(N, 32);
  using Agg = B<WARPS>;
  struct Storage { typename Agg::Storage s; };
  template <int J> __device__ static int g() { return 2000 + J + WARPS; }
  template <int J> __device__ static int f() { return 3000 + J + WARPS; }
};
__global__ void k(int *out) {
  out[0] = A<128>::g<5>();
  out[1] = B<4>::h<7, 3>();
  out[2] = A<128>::f<5>();
  out[3] = B<4>::e<7>();
  out[4] = sizeof(A<128>::Storage);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 2009;
// CHECK: +4], 4021;
// CHECK: +8], 3009;
// CHECK: +12], 407;
// CHECK: +16], 16;
