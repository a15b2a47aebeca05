// Difftest: half and bfloat16 conversions (every rounding mode) and arithmetic, scalar and packed,
// through inline PTX (the CUDA fp16 headers need the CCCL headers, which the oracle cache lacks).
__device__ unsigned short f2h(float v, int mode) {
  unsigned short r;
  switch (mode) {
  case 0: asm("cvt.rn.f16.f32 %0, %1;" : "=h"(r) : "f"(v)); break;
  case 1: asm("cvt.rz.f16.f32 %0, %1;" : "=h"(r) : "f"(v)); break;
  case 2: asm("cvt.rm.f16.f32 %0, %1;" : "=h"(r) : "f"(v)); break;
  default: asm("cvt.rp.f16.f32 %0, %1;" : "=h"(r) : "f"(v)); break;
  }
  return r;
}

__device__ float h2f(unsigned short h) {
  float r;
  asm("cvt.f32.f16 %0, %1;" : "=f"(r) : "h"(h));
  return r;
}

extern "C" __global__ void halves(const float *x, unsigned short *h, float *back, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  unsigned short a = f2h(v, 0), b = f2h(v * 3.0f, 1), s, f, c, m;
  asm("add.rn.f16 %0, %1, %2;" : "=h"(s) : "h"(a), "h"(b));
  asm("fma.rn.f16 %0, %1, %2, %1;" : "=h"(f) : "h"(a), "h"(b));
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(c) : "f"(v));
  asm("mul.rn.bf16 %0, %1, %2;" : "=h"(m) : "h"(c), "h"((unsigned short)0x3fc0));
  h[8 * i + 0] = a;
  h[8 * i + 1] = b;
  h[8 * i + 2] = f2h(v, 2);
  h[8 * i + 3] = f2h(v, 3);
  h[8 * i + 4] = s;
  h[8 * i + 5] = f;
  h[8 * i + 6] = c;
  h[8 * i + 7] = m;
  unsigned p, q, lt, nan;
  asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(p) : "f"(-v * 0.5f), "f"(v));
  asm("mul.rn.f16x2 %0, %1, %1;" : "=r"(q) : "r"(p));
  asm("{ .reg .pred t; setp.lt.f16 t, %1, %2; selp.u32 %0, 1, 0, t; }" : "=r"(lt) : "h"(a), "h"(b));
  asm("{ .reg .pred t; setp.nan.f16 t, %1, %1; selp.u32 %0, 1, 0, t; }" : "=r"(nan) : "h"(a));
  float cf;
  asm("cvt.f32.bf16 %0, %1;" : "=f"(cf) : "h"(c));
  back[4 * i + 0] = h2f(a) + h2f(b);
  back[4 * i + 1] = h2f((unsigned short)q) - h2f((unsigned short)(q >> 16));
  back[4 * i + 2] = cf;
  back[4 * i + 3] = lt ? 1.0f : (nan ? 2.0f : 0.0f);
}
