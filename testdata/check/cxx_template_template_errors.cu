template <class T> struct Box { T v; };
template <class A, class B> struct Pair { A a; B b; };
struct Plain { int v; };
template <template <class> class C> struct W { C<int> c; };
template <template <class> class C, class T> __device__ int f(C<T> c) { return 0; }
__global__ void k(int *out) {
  W<Pair> a;
  W<Plain> b;
  Box<int> bx;
  out[0] = f<Pair, int>(bx);
  out[1] = a.c.a + b.c.v;
}
