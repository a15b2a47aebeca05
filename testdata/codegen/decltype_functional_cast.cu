// `decltype(e){...}` and `decltype(e)(args)` are functional casts to the operand's type, also
// inside parentheses and in template arguments (libcu++'s concept emulation writes
// `__cccl_enable_if_t<!(decltype(..., false){})>`).
template <bool B> struct E {
  static constexpr bool v = B;
};
__device__ int cast_decltype(int a) {
  int x = decltype(a){3};
  int y = decltype(a)(a * 2);
  bool z = !(decltype(void(), false){});
  return x + y + z + E<!(decltype(void(), false){})>::v;
}
__global__ void decltype_cast(const int *in, int *out) {
  int t = threadIdx.x;
  out[t] = cast_decltype(in[t]);
}
// CHECK: .visible .entry _Z13decltype_castPKiPi(
// CHECK: shl.b32
// CHECK: , 5;
