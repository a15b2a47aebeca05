// Ref-qualified member functions ([over.match.funcs]/4): `&` is chosen for an lvalue object,
// `&&` for an rvalue (a temporary or `static_cast<T&&>`), `const&` binds both; each is its own
// function (mangled `NR`/`NO`, as libcu++'s `tuple::__get_impl` overloads). Constructor
// arguments with pack expansions in mem-initializers and declarations (`base_(tag{}, t...)`).
// ARGS: -arch=sm_80 -O3 -rdc=true
struct Box {
  int v;
  __device__ __noinline__ int get() & { return v + 1; }
  __device__ __noinline__ int get() && { return v + 2; }
  __device__ __noinline__ int get() const& { return v + 3; }
  __device__ __noinline__ int peek() const& { return v + 4; }
  template <int K> __device__ __noinline__ int at() & { return v + 10 * K; }
  template <int K> __device__ __noinline__ int at() && { return v + 100 * K; }
};
__device__ Box make(int v) { return Box{v}; }
struct tag {};
template <class... T> struct Impl {
  int n;
  __device__ Impl(tag, const T&... t) : n((0 + ... + int(t))) {}
};
template <class... T> struct Tup {
  Impl<T...> base_;
  __device__ Tup(const T&... t) : base_(tag{}, t...) {}
  template <int C = 1>
  __device__ Tup(int scale, const T&... t) : base_(tag{}, (t * scale)...) {}
};
template <class... T> __device__ int local_sum(const T&... t) {
  Impl<T...> x(tag{}, t...);
  return x.n;
}
extern "C" __global__ void ref_qualified_k(int* o) {
  Box b{int(threadIdx.x)};
  const Box& cb = b;
  o[threadIdx.x * 4 + 0] = b.get() + 1000 * make(1).get();
  o[threadIdx.x * 4 + 1] = cb.get() + 1000 * static_cast<Box&&>(b).get() + 100000 * make(2).peek();
  o[threadIdx.x * 4 + 2] = b.at<3>() + 1000 * make(5).at<2>();
  int x = threadIdx.x;
  Tup<int, int> t(x, 2);
  Tup<int, int> u(3, x, 2);
  o[threadIdx.x * 4 + 3] = t.base_.n + 100 * u.base_.n + 10000 * local_sum(1, 2, x);
}
// CHECK: _ZNR3Box3getEv(
// CHECK: _ZNO3Box3getEv(
// CHECK: _ZNKR3Box3getEv(
// CHECK: _ZNR3Box2atILi3EEEiv(
// CHECK: _ZNO3Box2atILi2EEEiv(
// CHECK: .entry ref_qualified_k(
