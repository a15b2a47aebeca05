// Member function templates of class templates (declared per specialization, named with it)
// and of ordinary classes, called with deduced and explicit template arguments
// (`b.template get<2>()`, `b.add<double>(...)`), from a function template whose return type
// is a dependent member type (`typename B::value_type`, mangled as written).
template <class T>
struct Box {
  typedef T value_type;
  T v;
  template <int N> __device__ __noinline__ T get() const { return v * N; }
  template <class U> __device__ __noinline__ T add(U u, T w) { return v + u + w; }
};
struct Plain {
  template <class U> __device__ __noinline__ U twice(U u) const { return u + u; }
};
template <class B> __device__ __noinline__ typename B::value_type g(const B &b) { return b.template get<2>(); }

__global__ void members(const float *in, float *out) {
  int t = threadIdx.x;
  Box<float> b;
  b.v = in[t];
  Plain q;
  out[t] = g(b) + b.add(1, 2.0f) + b.add<double>(0.5, 1.0f) + q.twice<float>(in[t + 1]) + q.twice(3);
}
// CHECK: .func  (.param .b32 func_retval0) _ZNK5Plain5twiceIfEET_S1_(
// CHECK: .func  (.param .b32 func_retval0) _Z1gI3BoxIfEENT_10value_typeERKS2_(
// CHECK: .func  (.param .b32 func_retval0) _ZN3BoxIfE3addIiEEfT_f(
// CHECK: .func  (.param .b32 func_retval0) _ZN3BoxIfE3addIdEEfT_f(
// CHECK: .func  (.param .b32 func_retval0) _ZNK3BoxIfE3getILi2EEEfv(
// CHECK: .visible .entry _Z7membersPKfPf(
