// The warp matrix builtins behind NVIDIA's crt/mma.hpp (`__hmma_*`, `__imma_*`, `__bmma_*`,
// `__dmma_*`, `__mma_bf16_*`, `__mma_tf32_*`), called directly as nvcc also accepts: each
// lowers to the PTX `wmma` instruction nvcc emits (layout arguments: 0 row-major, 1
// column-major; for mma, a_col * 2 + b_col, then the saturation flag).
// ARGS: -arch=sm_80 -O3
// Floating-point mma ignores the saturation flag (PTX ISA 6.5 dropped `.satfinite` there), as
// nvcc does; integer mma keeps it.
// CHECK-COUNT-1: .satfinite

// D = A * B + C for one 16x16x16 tile: half A (row-major) and B (column-major), float C/D.
extern "C" __global__ void hmma_f32(const int *a, const int *b, const float *c, float *d, unsigned ldm) {
  int fa[8], fb[8];
  float fc[8], fd[8];
  __hmma_m16n16k16_ld_a(fa, a, ldm, 0);
  __hmma_m16n16k16_ld_b(fb, b, ldm, 1);
  __hmma_m16n16k16_ld_c_f32(fc, c, ldm, 0);
  __hmma_m16n16k16_mma_f32f32(fd, fa, fb, fc, 1, 0);
  __hmma_m16n16k16_st_c_f32(d, fd, ldm, 1);
}
// CHECK: .entry hmma_f32(
// CHECK: wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r
// CHECK: wmma.load.b.sync.aligned.col.m16n16k16.f16
// CHECK: wmma.load.c.sync.aligned.row.m16n16k16.f32
// CHECK: wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32
// CHECK: wmma.store.d.sync.aligned.col.m16n16k16.f32

// Half accumulators, both operands column-major, saturating (f16 fragments are packed pairs).
extern "C" __global__ void hmma_f16_satf(const int *a, const int *b, const int *c, int *d, unsigned ldm) {
  int fa[8], fb[8], fc[4], fd[4];
  __hmma_m32n8k16_ld_a(fa, a, ldm, 1);
  __hmma_m32n8k16_ld_b(fb, b, ldm, 1);
  __hmma_m32n8k16_ld_c_f16(fc, c, ldm, 1);
  __hmma_m32n8k16_mma_f16f16(fd, fa, fb, fc, 3, 1);
  __hmma_m32n8k16_st_c_f16(d, fd, ldm, 0);
}
// CHECK: .entry hmma_f16_satf(
// CHECK: wmma.load.a.sync.aligned.col.m32n8k16.f16
// CHECK: wmma.load.c.sync.aligned.col.m32n8k16.f16
// CHECK: wmma.mma.sync.aligned.col.col.m32n8k16.f16.f16
// CHECK: wmma.store.d.sync.aligned.row.m32n8k16.f16

// 8-bit integers: A is one register, B four (m8n32k16), C/D eight int32.
extern "C" __global__ void imma_s8(const int *a, const int *b, const int *c, int *d, unsigned ldm) {
  int fa[1], fb[4], fc[8], fd[8];
  __imma_m8n32k16_ld_a_s8(fa, a, ldm, 0);
  __imma_m8n32k16_ld_b_s8(fb, b, ldm, 1);
  __imma_m8n32k16_ld_c(fc, c, ldm, 0);
  __imma_m8n32k16_mma_s8(fd, fa, fb, fc, 1, 1);
  __imma_m8n32k16_st_c_i32(d, fd, ldm, 0);
}
// CHECK: .entry imma_s8(
// CHECK: wmma.load.a.sync.aligned.row.m8n32k16.s8
// CHECK: wmma.load.b.sync.aligned.col.m8n32k16.s8
// CHECK: wmma.load.c.sync.aligned.row.m8n32k16.s32
// CHECK: wmma.mma.sync.aligned.row.col.m8n32k16.s32.s8.s8.s32.satfinite
// CHECK: wmma.store.d.sync.aligned.row.m8n32k16.s32

// bf16 and tf32 inputs with float accumulators (sm_80).
extern "C" __global__ void bf16_tf32(const int *a, const int *b, const float *c, float *d, unsigned ldm) {
  int fa[4], fb[4];
  float fc[8], fd[8];
  __mma_bf16_m16n16k16_ld_a(fa, a, ldm, 0);
  __mma_bf16_m16n16k16_ld_b(fb, b, ldm, 0);
  __hmma_m16n16k16_ld_c_f32(fc, c, ldm, 0);
  __mma_bf16_m16n16k16_mma_f32(fd, fa, fb, fc, 0, 0);
  __hmma_m16n16k16_st_c_f32(d, fd, ldm, 0);
  __mma_tf32_m16n16k8_ld_a(fa, a, ldm, 0);
  __mma_tf32_m16n16k8_ld_b(fb, b, ldm, 1);
  __mma_tf32_m16n16k8_ld_c(fc, c, ldm, 0);
  __mma_tf32_m16n16k8_mma_f32(fd, fa, fb, fc, 1, 0);
  __mma_m16n16k8_st_c_f32(d + 256, fd, ldm, 0);
}
// CHECK: .entry bf16_tf32(
// CHECK: wmma.load.a.sync.aligned.row.m16n16k16.bf16
// CHECK: wmma.mma.sync.aligned.row.row.m16n16k16.f32.bf16.bf16.f32
// CHECK: wmma.load.a.sync.aligned.row.m16n16k8.tf32
// CHECK: wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32
// CHECK: wmma.store.d.sync.aligned.row.m16n16k8.f32

// Doubles (m8n8k4) and single bits (m8n8k128, XOR then population count).
extern "C" __global__ void dmma_bmma(const double *a, const double *b, const double *c, double *d, const int *x,
                                     int *y, unsigned ldm) {
  double fa[1], fb[1], fc[2], fd[2];
  __dmma_m8n8k4_ld_a(fa, a, ldm, 0);
  __dmma_m8n8k4_ld_b(fb, b, ldm, 1);
  __dmma_m8n8k4_ld_c(fc, c, ldm, 0);
  __dmma_m8n8k4_mma_f64(fd, fa, fb, fc, 1, 0);
  __dmma_m8n8k4_st_c_f64(d, fd, ldm, 0);
  int xa[1], xb[1], xc[2], xd[2];
  __bmma_m8n8k128_ld_a_b1(xa, x, ldm, 0);
  __bmma_m8n8k128_ld_b_b1(xb, x + 64, ldm, 1);
  __bmma_m8n8k128_ld_c(xc, y, ldm, 0);
  __bmma_m8n8k128_mma_xor_popc_b1(xd, xa, xb, xc, 1);
  __bmma_m8n8k128_st_c_i32(y, xd, ldm, 0);
}
// CHECK: .entry dmma_bmma(
// CHECK: wmma.load.a.sync.aligned.row.m8n8k4.f64
// CHECK: wmma.mma.sync.aligned.row.col.m8n8k4.rn.f64.f64.f64.f64
// CHECK: wmma.store.d.sync.aligned.row.m8n8k4.f64
// CHECK: wmma.load.a.sync.aligned.row.m8n8k128.b1
// CHECK: wmma.mma.xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32
// CHECK: wmma.store.d.sync.aligned.row.m8n8k128.s32
