// `__umulhi`, `__mulhi` and `__umul64hi` are NVVM's `mul.hi` intrinsics, as cicc keeps them. As
// the high half of a double-width product, InstCombine folded the `xor` with the halves of a
// 64-bit key into the wide type (`hi(p) ^ hi(k)` as `hi(p ^ k)`), and the PTX computed the whole
// product with `mul.wide.u32` and a 64-bit `xor`, as in curand's Philox rounds
// (conformance/real/06_curand).
extern "C" __global__ void mulhi(unsigned *out, const unsigned *a, unsigned long long key) {
  unsigned x = a[0], y = a[1];
  out[0] = __umulhi(x, 0xD2511F53u) ^ (unsigned)(key >> 32);
  out[1] = __umulhi(y, 0xCD9E8D57u) ^ (unsigned)key;
  out[2] = (unsigned)__mulhi((int)x, -7);
  unsigned long long h = __umul64hi(key, 0x9E3779B97F4A7C15ull);
  out[3] = (unsigned)h;
  out[4] = (unsigned)(h >> 32);
}
// CHECK: .entry mulhi(
// CHECK-COUNT-2: mul.hi.u32
// CHECK-COUNT-1: mul.hi.s32
// CHECK-COUNT-1: mul.hi.u64
// CHECK-COUNT-0: mul.wide
// CHECK-COUNT-0: xor.b64
