// Non-type template parameters of enumeration type: an explicit specialization for an
// enumerator is the one a body names (`bar<s_block>`) and the one deduction binds (`get(&p)`
// deduces `S = s_block` from `pss<s_block>*`); a class template declared with default arguments
// and defined later without them takes the declaration's defaults, in a body and in a base
// clause of an explicit specialization, bound to the definition's parameter name. A function's
// signature names its namespace's enumerators unqualified; an explicit destructor call names
// the class by its injected-class-name from outside its namespace. A static member function
// template of a class template specialization is called with explicit template arguments
// (`chooser<true>::add<N>(x)`, `chooser<B>::template add<N>(x)`), or with its arguments
// deduced, also one a base declares (`disp<T>::twice(x)`).
namespace n {
enum scope { s_sys = 0, s_dev = 1, s_block = 2 };
struct empty_c {};
template <scope S, class F = empty_c> class bar;
template <scope S, class F> class bar {
public:
  int v;
  __device__ int get() const { return v + (int)S; }
};
template <> class bar<s_block, empty_c> {
public:
  int w;
  __device__ int get() const { return 100 + w; }
};
template <> class bar<s_sys, empty_c> : public bar<s_block> {
public:
  __device__ int get2() const { return 1000 + w; }
};
template <scope S> struct pss {
  int q;
};
template <scope S> __device__ __noinline__ int get(pss<S> *p) { return p->q * 10 + (int)S; }
inline __device__ bar<s_dev> make_dev(int v) {
  bar<s_dev> b;
  b.v = v;
  return b;
}
template <class T, class = short> struct holder;
template <class T, class U> struct holder {
  T t;
  U u;
};
template <int N> struct tracker {
  int *p;
  __device__ ~tracker() { *p += N; }
};
} // namespace n
template <bool B> struct chooser {
  template <int N> static __device__ int add(int x) { return x + N + (B ? 100 : 0); }
};
struct native {
  template <class T> static __device__ T twice(T x) { return x + x; }
};
template <class T> struct disp : native {};
template <class T> __device__ T call_disp(T x) { return disp<T>::twice(x) + disp<T>::template twice<T>(x); }
template <int N> __device__ int call_chooser(int x) {
  return chooser<true>::add<N>(x) + chooser<false>::template add<N * 2>(x);
}

__global__ void enum_targs(int *out) {
  int t = threadIdx.x;
  int *o = out + 8 * t;
  n::bar<n::s_block> b;
  b.w = t;
  n::bar<n::s_dev> d;
  d.v = t;
  n::bar<n::s_sys> s;
  s.w = 2 * t;
  n::pss<n::s_block> p;
  p.q = t;
  o[0] = b.get();
  o[1] = d.get();
  o[2] = s.get2();
  o[3] = n::get(&p);
  n::holder<char> h;
  h.u = (short)t;
  int acc = 0;
  {
    n::tracker<5> tr;
    tr.p = &acc;
    tr.~tracker();
  }
  o[4] = n::make_dev(t).get() + 100 * (int)sizeof(h.u) + 1000 * (int)sizeof(h);
  o[5] = acc + h.u;
  o[6] = call_chooser<3>(t);
  o[7] = call_disp(t);
}
// CHECK: .visible .entry _Z10enum_targsPi(
// CHECK: call.uni (retval0), _ZN1n3getILNS_5scopeE2EEEiPNS_3pssIXT_EEE,
