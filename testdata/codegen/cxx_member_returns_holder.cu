// ARGS: -arch=sm_80 -std=c++17
// A class template's member function returns, or takes, by value a specialization that holds
// the first as a field (Thrust's `device_ptr<T>` and `device_reference<T>`): a function's
// types need not be complete where it is declared, so `R<int>` is laid out after `P<int>`
// (nvcc: 8, 8, 7, 9, 16, 7; warpc said "incomplete type const P<int>").
template <class T> struct P;
template <class T> struct R { P<T> const ptr; };
template <class T> struct P {
  T* p;
  __host__ __device__ R<T> operator*() const;
  __host__ __device__ int take(R<T> r) const { return *r.ptr.p + 2; }
};
template <class T> __host__ __device__ R<T> P<T>::operator*() const { return R<T>{*this}; }
template <class T> struct Q;
template <class T> struct H { Q<T> const q; long pad; };
template <class T> struct Q {
  T* p;
  __host__ __device__ const H<T> get(H<T> const h) const { return h; }
};
__global__ void k(int* out, int* q) {
  P<int> a{q};
  out[0] = sizeof(P<int>);
  out[1] = sizeof(R<int>);
  out[2] = *(*a).ptr.p;
  out[3] = a.take(*a);
  Q<int> b{q};
  out[4] = sizeof(H<int>);
  out[5] = *b.get(H<int>{b, 0}).q.p;
}
// CHECK: .visible .entry _Z1kPiS_(
// CHECK: ], 8;
// CHECK: +4], 8;
// CHECK: +16], 16;
