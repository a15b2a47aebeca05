// Classes nested two levels deep in a class template (CUB's `InternalWarpReduce::TempStorage`):
// members of each specialization (`Outer<int>::In::Deep`, mangled `N5OuterIiE2In4DeepE`), laid
// out after the classes nested in them, with the specialization's parameters bound.
template <class T> struct Outer {
  struct In {
    struct Deep {
      T v[2];
      __device__ __noinline__ T sum() const { return v[0] + v[1]; }
    };
    struct Store : Deep {};
    Deep d;
    __device__ T get() const { return d.sum(); }
  };
  In in;
};

__global__ void nested_deep(int *o, float *f) {
  int t = threadIdx.x;
  Outer<int> a{{{{o[2 * t], o[2 * t + 1]}}}};
  typename Outer<float>::In::Deep d{{f[t], 2.0f}};
  o[2 * t] = a.in.get() + sizeof(typename Outer<double>::In::Store);
  f[t] = d.sum();
}
// CHECK: .visible .entry _Z11nested_deepPiPf(
// CHECK-COUNT-2: _ZNK5OuterIiE2In4Deep3sumEv(
// CHECK-COUNT-2: _ZNK5OuterIfE2In4Deep3sumEv(
