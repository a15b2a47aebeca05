// ARGS: -arch=sm_80 -O3 -std=c++17
// `template <class B> friend class ::ns::Tester;` and `friend class ::ns::Peek;` inside another
// namespace befriend the classes of namespace `ns` (named from the global namespace), as
// cuda::barrier's block-scope specialization befriends
// `::cuda::std::__barrier_poll_tester_phase`.
namespace ns {
template <class B> class Tester {
  const B *b;

public:
  __device__ Tester(const B *p) : b(p) {}
  __device__ int operator()() const { return b->priv(); }
};
struct Peek {
  template <class B> __device__ static int get(const B &b) { return b.v; }
};
} // namespace ns
namespace q {
class Bar {
  int v;
  __device__ int priv() const { return v * 3; }
  template <typename B> friend class ::ns::Tester;
  friend class ::ns::Peek;

public:
  __device__ explicit Bar(int x) : v(x) {}
  __device__ int go() const { return ns::Tester<Bar>(this)() + ns::Peek::get(*this); }
};
} // namespace q
__global__ void k(int *o) {
  q::Bar b(o[1]);
  o[0] = b.go();
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: shl.b32 %r2, %r1, 2;
