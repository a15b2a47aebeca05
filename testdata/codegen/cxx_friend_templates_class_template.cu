// ARGS: -arch=sm_80 -O3 -std=c++17
// A friend function template defined in a class template (as libcu++'s `chrono::duration`
// defines its comparison and arithmetic operators) is declared with each specialization:
// its signature and body name the class's parameters and the injected class name as that
// specialization's, and it is found for arguments of that specialization. It is mangled as a
// function template of the namespace.
namespace ns {
template <class R> struct dur {
  R v;
  __device__ constexpr explicit dur(R x) : v(x) {}
  template <class R2> __device__ friend constexpr bool operator!=(const dur &a, const dur<R2> &b) { return a.v != b.v; }
  template <class R2> __device__ friend __noinline__ R2 sum(const dur &a, dur<R2> b) { return (R2)(a.v * 10) + b.v; }
};
} // namespace ns
__global__ void k(long long *o) {
  ns::dur<long long> m(o[0]);
  ns::dur<int> n((int)o[1]);
  o[2] = m != ns::dur<long long>(3);
  o[3] = sum(m, n);
  o[4] = sum(n, m);
}
// CHECK: .visible .entry _Z1kPx(
// CHECK: call.uni (retval0), _ZN2ns3sumIiEET_RKNS_3durIxEENS2_IS1_EE,
// CHECK: call.uni (retval0), _ZN2ns3sumIxEET_RKNS_3durIiEENS2_IS1_EE,
