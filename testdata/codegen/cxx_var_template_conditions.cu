// A variable template's specialization at the start of an `if` condition is an expression, not
// a declaration (`if constexpr (sub_v<L, R> && sub_v<R, L>)` declared `sub_v`, hiding the
// template in the `else if`; libcu++'s __floating_point/conversion_rank_order.h). Values as
// nvcc 13 -arch=sm_90 gives them.
// ARGS: -arch=sm_90 -std=c++17
template <class A, class B> inline constexpr bool sub_v = sizeof(A) <= sizeof(B);
template <class T> inline constexpr bool uniq_v = sizeof(T) == 4;
template <class L, class R> __device__ constexpr int order_of() {
  if constexpr (sub_v<L, R> && sub_v<R, L>) {
    return 0;
  } else if constexpr (sub_v<R, L>) {
    return 1;
  } else if (uniq_v<L>) {
    return 3;
  } else {
    return 2;
  }
}
extern "C" __global__ void var_template_conditions(int *o) {
  o[0] = order_of<int, double>();
  o[1] = order_of<double, int>();
  o[2] = order_of<int, float>();
  o[3] = order_of<short, double>();
}
// CHECK: .entry var_template_conditions(
// CHECK: ], 3;
// CHECK: +4], 1;
// CHECK: +8], 0;
// CHECK: +12], 2;
