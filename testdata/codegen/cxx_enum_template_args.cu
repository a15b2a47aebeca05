// Non-type template parameters of enumeration type: an explicit specialization for an
// enumerator is the one a body names (`bar<s_block>`) and the one deduction binds (`get(&p)`
// deduces `S = s_block` from `pss<s_block>*`); a class template declared with default arguments
// and defined later without them takes the declaration's defaults, in a body and in a base
// clause of an explicit specialization.
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
} // namespace n

__global__ void enum_targs(int *out) {
  int t = threadIdx.x;
  int *o = out + 4 * t;
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
}
// CHECK: .visible .entry _Z10enum_targsPi(
// CHECK: call.uni (retval0), _ZN1n3getILNS_5scopeE2EEEiPNS_3pssIXT_EEE,
