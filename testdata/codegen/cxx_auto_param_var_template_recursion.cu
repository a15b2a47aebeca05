// ARGS: -arch=sm_80 -O3 -std=c++17
// cub's compile-time loops (`GuardedReduce`, `ReduceStep`, `CopySegment`): a variable template
// of a `template <auto V>` parameter declared `auto` (`constant_v<I + 1>`, whose type comes from
// its initializer, `constant_t<I + 1>{}`), and the recursion's last step chosen by partial
// ordering: `f(constant_t<N>)` over `f(constant_t<I>)` when `I == N`.
template <class T, T v> struct ic {
  static constexpr T value = v;
};
template <auto Value> using constant_t = ic<decltype(Value), Value>;
template <auto Value> inline constexpr auto constant_v = constant_t<Value>{};
template <int N> struct Raking {
  int seg[N];
  template <int I, class Op> __device__ int reduce(Op op, int partial, constant_t<I>) {
    return reduce(op, op(partial, seg[I]), constant_v<I + 1>);
  }
  template <class Op> __device__ int reduce(Op, int partial, constant_t<N>) { return partial; }
};
struct Mul {
  __device__ int operator()(int a, int b) const { return a * 3 + b; }
};
__global__ void auto_param_steps(const int *in, int *out) {
  int t = threadIdx.x;
  Raking<4> r;
  for (int i = 0; i < 4; ++i) r.seg[i] = in[t] + i;
  auto one = constant_v<1>;
  out[2 * t] = r.reduce(Mul{}, r.seg[0], one);     // ((x*3 + x+1)*3 + x+2)*3 + x+3 = 40x + 18
  out[2 * t + 1] = decltype(constant_v<7u>)::value + sizeof(constant_v<'c'>.value);  // 8
}
// CHECK: .visible .entry _Z16auto_param_stepsPKiPi(
