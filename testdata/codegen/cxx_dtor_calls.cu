// Explicit destructor calls: `t.~T()`, `p->~T()` and `p->T::~T()` run the user destructor (then
// the members' destructors); a pseudo-destructor call on a scalar type in a template is a no-op.
struct Log {
  int *slot;
  __device__ ~Log() { *slot += 1; }
};
struct T {
  int *count;
  int id;
  Log inner;
  __device__ ~T() { *count += id; }
};
template <class X> __device__ void destroy(X *p) { p->~X(); }
__global__ void dtor_calls(int *out) {
  int t = threadIdx.x;
  int *o = out + 4 * t;
  int n = 0, m = 0;
  {
    T a{&n, 1, {&m}};
    a.~T();
    T *p = &a;
    p->~T();
    p->T::~T();
    destroy(p);
  }
  int v = t;
  destroy(&v);
  o[0] = n;
  o[1] = m;
  o[2] = v;
}
// CHECK: .visible .entry _Z10dtor_callsPi(
