// Member alias templates: of a class, of a class template (declared per specialization, its
// parameters bound), of an explicit and a partial specialization, and named through
// `typename S<args>::template member<args>` (libstdc++'s __conditional_t).
// ARGS: -arch=sm_80 -O3
template <bool> struct cond { template <class T, class> using type = T; };
template <> struct cond<false> { template <class, class U> using type = U; };
template <bool C, class A, class B> using cond_t = typename cond<C>::template type<A, B>;
struct X { template <class T> using ptr = T *; };
template <class T> struct Box {
  template <class U> using rebind = Box<U>;
  template <class U> using pair_of = U[sizeof(T)];
  T v;
};
template <class T> struct Traits;
template <class T> struct Traits<T *> {
  template <class U> using other = U *;
  static __device__ int size() { return sizeof(T); }
};
using BoxD = Box<int>::rebind<double>;
__global__ void k(int *p, double *d) {
  cond_t<true, int, float> a = 3.5f;
  cond_t<false, int, float> b = 3.5f;
  X::ptr<int> q = p;
  BoxD r;
  r.v = 2.25;
  typename Box<short>::template pair_of<char> two;
  typename Traits<double *>::template other<int> o = p;
  p[0] = a;
  p[1] = b * 2;
  q[2] = sizeof(two) + Traits<double *>::size() * 10;
  o[3] = sizeof(typename Box<char>::template rebind<long>);
  d[0] = r.v;
}
// CHECK: .entry _Z1kPiPd(
// CHECK: st.global.b32 [%rd2], 3;
// CHECK: st.global.b32 [%rd2+4], 7;
// CHECK: st.global.b32 [%rd2+8], 82;
// CHECK: st.global.b32 [%rd2+12], 8;
