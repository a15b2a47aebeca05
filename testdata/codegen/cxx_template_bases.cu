// Class template bases: a base initializer naming a template-id (`B<T>(x)`), members of a
// dependent base through `this->`, CRTP, an empty base; constructors of class template
// specializations (a constructor that computes, so a member-wise copy would differ).
template <class T> struct B {
  T v;
  __device__ B(T x) : v(x * 2) {}
  __device__ T get() const { return v; }
};
template <class T> struct D : B<T> {
  T w;
  __device__ D(T x) : B<T>(x), w(x * 3) {}
  __device__ T both() const { return this->get() + w; }
};
template <class Derived> struct Crtp {
  __device__ int twice() const { return 2 * static_cast<const Derived *>(this)->val(); }
};
struct Leaf : Crtp<Leaf> {
  int x;
  __device__ int val() const { return x; }
};
struct Empty {};
struct WithEmpty : Empty {
  int a;
};

__global__ void tbases(const int *in, int *out) {
  int t = threadIdx.x;
  D<int> d(in[2 * t]);
  Leaf l;
  l.x = in[2 * t + 1];
  WithEmpty we;
  we.a = 3;
  out[t] = d.both() + l.twice() + (int)sizeof(WithEmpty) + we.a;
}

// CHECK: .visible .entry _Z6tbasesPKiPi(
