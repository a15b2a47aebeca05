// Named classes nested in class templates are members of each specialization: `Outer<int>::In`
// has the specialization's parameter bindings (`T x;`), its member functions are named
// `Outer<int>::In::get` (mangled as a nested name in the specialization, `N5OuterIiE2InE`), and
// it is named as `In` inside the template, `Outer<int>::In` outside, `typename Outer<T>::In` in
// templates (mangled as written in a function template's signature).
template <class T> struct Outer {
  typedef T value_type;
  struct In {
    T x;
    __device__ __noinline__ T get() const { return x + 1; }
    __device__ In twice() const { return In{x * 2}; }
    __device__ value_type plus(const In &o) const { return x + o.x; }
  };
  T base;
  In last;
  __device__ __noinline__ In make(T v) const { return In{v + base}; }
  static __device__ __noinline__ T unwrap(In i) { return i.x; }
};

__device__ __noinline__ int n1(Outer<int>::In a, Outer<int>::In *p) { return p->get() + a.x; }

template <class T> __device__ __noinline__ T n2(typename Outer<T>::In i) { return i.get() * 2; }

template <class T> __device__ __noinline__ T sum_in(const Outer<T> &o) {
  typename Outer<T>::In i = o.make(o.base);
  return i.plus(o.last);
}

__global__ void nested_in_templates(const int *in, int *out, float *fout) {
  int t = threadIdx.x;
  int v = in[t];
  Outer<int> o{10, {3}};
  Outer<int>::In a = o.make(v);
  out[2 * t] = n1(a, &a) + Outer<int>::unwrap(a);
  out[2 * t + 1] = a.twice().x + sum_in(o);
  Outer<float> f{0.5f, {1.5f}};
  typename Outer<float>::In b = f.make((float)v);
  fout[t] = n2<float>(b) + sum_in(f) + sizeof(typename Outer<float>::In);
}
// CHECK: .visible .entry _Z19nested_in_templatesPKiPiPf(
// CHECK-COUNT-2: _ZNK5OuterIiE2In3getEv(
// CHECK-COUNT-2: _ZNK5OuterIfE2In3getEv(
// CHECK-COUNT-2: _ZNK5OuterIiE4makeEi(
// CHECK-COUNT-2: _ZNK5OuterIfE4makeEf(
// CHECK-COUNT-2: _ZN5OuterIiE6unwrapENS0_2InE(
// CHECK-COUNT-2: _Z2n1N5OuterIiE2InEPS1_(
// CHECK-COUNT-2: _Z2n2IfET_N5OuterIS0_E2InE(
// CHECK-COUNT-2: _Z6sum_inIiET_RK5OuterIS0_E(
// CHECK-COUNT-2: _Z6sum_inIfET_RK5OuterIS0_E(
