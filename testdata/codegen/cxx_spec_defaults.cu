// Class template specializations that omit defaulted arguments, enumerators of enumerations
// declared in class templates, template argument deduction from a base class, and enumerators
// named through their namespace: the C++ that NVIDIA's mma.h (nvcuda::wmma) is written in.
// ARGS: -arch=sm_80 -O3

// Explicit specializations: `Frag<A, 8>` is `Frag<A, 8, void>` (the default), declared as such.
struct A;
struct R;
template <class U, int M, class L = void> struct Frag;
template <class T, int N, int P = N> struct Base {
  enum { num_elements = N, num_storage = P };
  enum Kind { first = P * 10, second, third = second + N };
  T x[P];
};
template <> struct Frag<A, 16, R> : Base<float, 4> {};
template <> struct Frag<A, 8> : Base<float, 8, 2> {};

// A partial specialization that omits a defaulted argument matches only the default;
// defaults may depend on earlier arguments.
template <class T, class U = T *> struct P { enum { v = 0 }; };
template <class T> struct P<T *> { enum { v = 1 }; };
template <class T> struct P<const T> { enum { v = 2 }; };

// Deduction through a base class: `fill(Base<T, N, Q>&)` called with a `Frag`.
template <class T, int N, int Q> __device__ int fill(Base<T, N, Q> &b, T v) {
  for (int i = 0; i < b.num_storage; i++)
    b.x[i] = v;
  return N * 100 + Q;
}

namespace outer {
namespace inner {
enum layout_t { mem_row, mem_col };
__device__ int pick(layout_t l) { return l == mem_col ? 7 : 3; }
} // namespace inner
} // namespace outer
using namespace outer;

__global__ void spec_defaults(int *out) {
  int t = threadIdx.x;
  Frag<A, 16, R> f;
  Frag<A, 8> g;
  int df = fill(f, (float)t);
  int dg = fill(g, 2.0f * t);
  out[t * 8 + 0] = f.num_elements * 1000 + g.num_elements * 100 + g.num_storage * 10 + (int)sizeof(g) / 4;
  out[t * 8 + 1] = df * 1000 + dg;
  out[t * 8 + 2] = (int)(f.x[3] + g.x[1]);
  out[t * 8 + 3] = Frag<A, 8>::first * 10000 + Frag<A, 8>::second * 100 + Base<int, 3>::third;
  out[t * 8 + 4] = P<int>::v + P<int *>::v * 10 + P<int *, int>::v * 100 + P<const int>::v * 1000;
  out[t * 8 + 5] = inner::pick(inner::mem_col) * 10 + outer::inner::mem_row + inner::pick((inner::layout_t)(t & 1));
  out[t * 8 + 6] = Base<char, 5>::num_storage + t;
  out[t * 8 + 7] = t;
}
// CHECK: .visible .entry _Z13spec_defaultsPi(
