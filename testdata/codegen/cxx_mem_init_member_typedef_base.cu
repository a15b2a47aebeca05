// ARGS: -arch=sm_80 -O3 -std=c++17
// A mem-initializer names a base class through a member typedef or alias (`using base = B<T>;
// D() : base(1) {}`, libcu++'s mdspan `__base(...)`); nvcc gives 12347.
template <class T> struct B {
  T x;
  __device__ B(T v) : x(v) {}
};
template <class T> struct D : B<T> {
  using base = B<T>;
  typedef B<T> base2;
  T y;
  __device__ D() : base(1), y(2) {}
  __device__ D(T a, T b) : base2(a), y(b) {}
};
struct E : B<int> {
  using base = B<int>;
  __device__ E() : base(7) {}
};
__global__ void k(int *o) {
  D<int> d;
  D<int> d2(3, 4);
  E e;
  o[0] = d.x * 10000 + d.y * 1000 + d2.x * 100 + d2.y * 10 + e.x;
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: 12347;
