// ARGS: -arch=sm_80 -O3 -std=c++17
// A namespace-scope alias naming a member type of a class through another alias of the same
// namespace, written where an expression could stand (`hours::period` as a template argument,
// as libcu++'s `using days = duration<int, ratio_multiply<ratio<24>, hours::period>>` in
// `chrono`), and the same name as a type.
namespace c {
template <long N, long D = 1> struct rat {
  static constexpr long num = N;
  static constexpr long den = D;
  using type = rat<N, D>;
};
template <class A, class B> using rmul = rat<A::num * B::num, A::den * B::den>;
template <class R, class P = rat<1>> struct dur {
  using period = typename P::type;
  R v;
};
using hours = dur<long, rat<3600>>;
using days = dur<int, rmul<rat<24>, hours::period>>;
using weeks = dur<int, rmul<rat<7>, days::period>>;
} // namespace c
__global__ void k(long *o) { o[0] = c::days::period::num + c::weeks::period::num * 10; }
// CHECK: .visible .entry _Z1kPl(
// CHECK: 6134400;
