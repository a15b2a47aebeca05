// __ffs is libdevice's __nv_ffs: bfind.shiftamt.u32 of the reversed bits, plus one (the shift
// of the lowest set bit; -1, so 0, for no bit), with no branch or select for 0, and sharing
// __brev(v) with the source's. __ffsll is 64 - clz(v & -v). Both give 0 for 0.
extern "C" __global__ void ffs(const unsigned *in, const unsigned long long *in64, int *out, unsigned *rev) {
  int i = threadIdx.x;
  unsigned v = in[i];
  out[2 * i] = __ffs(v);
  out[2 * i + 1] = __ffsll(in64[i]);
  rev[i] = __brev(v);
}
// CHECK: .entry ffs(
// CHECK-COUNT-1: brev.b32
// CHECK-COUNT-1: bfind.shiftamt.u32
// CHECK-NOT: selp
// CHECK: ret;
