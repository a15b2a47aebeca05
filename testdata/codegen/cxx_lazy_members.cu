// Members of class template specializations are instantiated only where used ([temp.inst]):
// `bad` is ill-formed for every T here and `vset` for T = Pair<int> (a volatile object has no
// matching operator=), but nothing calls them. Out-of-class definitions of members and of
// member templates of a class template (constructors, operator=, ordinary members), naming
// the class's parameters differently and spelling the injected class name out.
template <typename T> struct Pair {
  T a, b;
  __device__ Pair() : a(), b() {}
  __device__ Pair(T x, T y);
  template <typename X> __device__ Pair(const Pair<X>& p);
  template <typename X> __device__ Pair& operator=(const Pair<X>& p);
  template <typename X> __device__ T dot(const Pair<X>& p) const;
  __device__ T sum() const;
  __device__ void bad() { a.no_such_member(); }
  __device__ void vset(T x) volatile { a = x; }
};
template <typename T> __device__ Pair<T>::Pair(T x, T y) : a(x), b(y) {}
template <typename U> __device__ U Pair<U>::sum() const { return a + b; }
template <typename T> template <typename X> __device__ Pair<T>::Pair(const Pair<X>& p) : a(T(p.a)), b(T(p.b)) {}
template <typename T>
template <typename Y>
__device__ Pair<T>& Pair<T>::operator=(const Pair<Y>& p) {
  a = T(p.a) * 2;
  b = T(p.b) * 2;
  return *this;
}
template <typename S> template <typename X> __device__ S Pair<S>::dot(const Pair<X>& p) const {
  return a * S(p.a) + b * S(p.b);
}

__global__ void k(int* q, float* f) {
  Pair<int> i(q[0], q[1]);
  Pair<float> g(i);
  Pair<Pair<int>> nested;
  nested.a = i;
  Pair<float> h(0.5f, 1.5f);
  h = i;
  q[2] = i.sum() + nested.a.sum();
  f[0] = g.sum() + h.dot(i);
}
// CHECK: .visible .entry _Z1kPiPf(
// CHECK-NOT: .func
