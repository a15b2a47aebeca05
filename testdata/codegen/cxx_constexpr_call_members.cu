// ARGS: -arch=sm_80 -O3
// Static data members of class templates and namespace-scope constants whose initializers call
// constexpr functions (function templates included), used where a constant is needed while
// declarations are resolved: array bounds, template arguments, other members' initializers
// (CUB's `static constexpr int MAX_RAKING_THREADS = cuda::std::min(N, warp_threads);`).
template <class T> constexpr T mn(T a, T b) { return a < b ? a : b; }
constexpr int twice(int a) { return a * 2; }

constexpr int A = twice(3);
constexpr int B = mn(40, 32);

template <int N> struct Layout {
  static constexpr int MAX = mn(N, 32);
  static constexpr int SEG = (N + MAX - 1) / MAX;
  static constexpr int PAD = twice(SEG);
  int buf[SEG + PAD];
};
template <int K> struct Words { int v[K]; };

__global__ void consts(int* o) {
  Layout<100> l;
  Words<Layout<100>::MAX> w;
  Words<A> a;
  int arr[B];
  o[0] = sizeof(l);
  o[1] = Layout<100>::SEG;
  o[2] = sizeof(w);
  o[3] = sizeof(a) + sizeof(arr);
  o[4] = Layout<7>::MAX + Layout<7>::PAD;
}
// SEG = 4, PAD = 8: 12 ints; MAX = 32; A = 6, B = 32; Layout<7>: 7 + 2.
// CHECK: .visible .entry _Z6constsPi(
// CHECK: ], 48;
// CHECK-NEXT: +4], 4;
// CHECK-NEXT: +8], 128;
// CHECK-NEXT: +12], 152;
// CHECK-NEXT: +16], 9;
