// memcpy and memset in device code: CUDA's device builtins (llvm.memcpy / llvm.memset), which
// cuda_fp8.hpp uses for type punning; constant sizes become moves, variable sizes byte loops.
extern "C" __global__ void copy_bytes(const float *in, unsigned *bits, unsigned char *buf, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  float f = in[i];
  unsigned u;
  memcpy(&u, &f, sizeof(u));
  bits[i] = u;
  memset(buf + 8 * i, i & 0xff, 4 + (i & 3));
  memcpy(buf + 8 * i + 4 + (i & 3), &u, 4 - (i & 3));
}
// CHECK: .entry copy_bytes(
// CHECK: st.global.b32
// CHECK: st.global.b8
