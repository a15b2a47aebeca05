// Template template parameters: deduced from a class template specialization (`C<T>` from
// `Box<int>`), explicit (`f<Box, int>`), with two parameters and `typename`, in class templates
// (`W<Box>`, passed on to function templates as `W<C>`), with a default (`D<>`), in partial
// specializations (`Sp<C<T>>`), and mangled as
// nvcc does (a template template argument is the template's name).
template <class T> struct Box {
  T v;
  __device__ T get() const { return v; }
};
template <class A, class B> struct Pair {
  A a;
  B b;
};
namespace ns {
template <class T> struct Cell {
  T v;
  __device__ T get() const { return v * 2; }
};
} // namespace ns

template <template <class> class C, class T> __device__ __noinline__ int f(C<T> c) { return (int)c.get() + 1; }

template <template <typename, typename> typename P, class A, class B> __device__ __noinline__ A first(P<A, B> p, P<B, A> *q) {
  return p.a + (A)q->a;
}

template <template <class> class C> struct W {
  C<int> c;
  C<float> d;
  __device__ float sum() const { return c.get() + d.get(); }
};

template <template <class> class C = Box> struct D {
  C<int> x;
};

// A partial specialization whose pattern has a template template parameter.
template <class X> struct Sp {
  int v;
};
template <template <class> class C, class T> struct Sp<C<T>> {
  T v;
  double pad;
};

template <template <class> class C> __device__ __noinline__ int g(W<C> w, C<int> extra) { return w.c.get() + extra.get(); }

// CHECK: .func  (.param .b32 func_retval0) _Z1fI3BoxiEiT_IT0_E(
// CHECK: .func  (.param .b32 func_retval0) _Z1fIN2ns4CellEfEiT_IT0_E(
// CHECK: .func  (.param .b32 func_retval0) _Z5firstI4PairifET0_T_IS1_T1_EPS2_IS3_S1_E(
// CHECK: .func  (.param .b32 func_retval0) _Z1gI3BoxEi1WIT_ES2_IiE(
// CHECK: .func  (.param .b32 func_retval0) _Z1gIN2ns4CellEEi1WIT_ES3_IiE(
// CHECK: .visible .entry _Z6tmplttPi(
__global__ void tmpltt(int *out) {
  int t = threadIdx.x;
  int *o = out + 8 * t;
  Box<int> b{t};
  o[0] = f(b);
  o[1] = f<Box, int>(b);
  ns::Cell<float> cf{t + 0.5f};
  o[2] = f(cf);
  Pair<int, float> p{t, 2.5f};
  Pair<float, int> q{1.5f, 7};
  o[3] = first(p, &q);
  W<Box> w{{t}, {1.5f}};
  o[4] = (int)(w.sum() * 2);
  D<> d{{t + 9}};
  o[5] = d.x.v + (int)sizeof(Sp<Box<int>>) + (int)sizeof(Sp<int>);
  o[6] = g(w, Box<int>{3});
  W<ns::Cell> wc{{t}, {0.25f}};
  o[7] = g(wc, ns::Cell<int>{1}) + (int)sizeof(W<Box>) + (int)sizeof(D<ns::Cell>);
}
