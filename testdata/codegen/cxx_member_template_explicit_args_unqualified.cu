// ARGS: -arch=sm_80 -O3 -std=c++17
// Inside a member function, an unqualified call of the class's member function template with
// explicit template arguments passes `this` (cub::BlockReduceWarpReductions::Sum calls
// `ApplyWarpAggregates<FullTile>(reduction_op, warp_aggregate, num_valid)`).
struct Plus {
  template <class A, class B> __device__ A operator()(A a, B b) const { return a + b; }
};
template <class T, bool Det> struct Reducer {
  T base;
  template <bool Full, typename Op> __device__ T apply(Op op, T agg, int n) { return Full ? op(agg, T(n)) : op(agg, base); }
  template <typename Op> __device__ T nondet(Op op, T agg) { return op(agg, base * 2); }
  template <bool Full> __device__ T sum(T in, int n) {
    Plus op;
    if constexpr (Det) {
      return apply<Full>(op, in * 2, n);
    } else {
      return nondet(op, in);
    }
  }
};
__global__ void member_explicit(const int *in, int *out) {
  int t = threadIdx.x;
  Reducer<int, true> r{100};
  Reducer<int, false> q{1000};
  out[3 * t] = r.sum<true>(in[t], 7);      // 2x + 7
  out[3 * t + 1] = r.sum<false>(in[t], 7); // 2x + 100
  out[3 * t + 2] = q.sum<true>(in[t], 7);  // x + 2000
}
// CHECK: .visible .entry _Z15member_explicitPKiPi(
