// Difftest: float intrinsics with explicit rounding modes, conversions with rounding and
// saturation, and the integer intrinsics that map to single PTX instructions (prmt, shf, mul24,
// sad, mul.hi, brev, bfind, popc, clz). Inputs include NaN, infinities, subnormals and zeros.
extern "C" __global__ void float_rounding(const float *a, const float *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i];
  float *o = out + 16 * i;
  o[0] = __fadd_rn(x, y);
  o[1] = __fadd_rz(x, y);
  o[2] = __fadd_rd(x, y);
  o[3] = __fadd_ru(x, y);
  o[4] = __fmul_rz(x, y);
  o[5] = __fmul_rd(x, y);
  o[6] = __fmul_ru(x, y);
  o[7] = __fdiv_rn(x, y);
  o[8] = __fdiv_rz(x, y);
  o[9] = __fdiv_ru(x, y);
  o[10] = __fsqrt_rd(fabsf(x));
  o[11] = __fsqrt_ru(fabsf(x));
  o[12] = __frcp_rz(y);
  o[13] = __fmaf_rd(x, y, 1.0f);
  o[14] = __saturatef(x);
  o[15] = __fsub_ru(x, y);
}

extern "C" __global__ void conversions(const float *a, const double *d, int *oi, unsigned *ou, float *of,
                                       long long *ol, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i];
  double v = d[i];
  oi[8 * i + 0] = __float2int_rn(x);
  oi[8 * i + 1] = __float2int_rz(x);
  oi[8 * i + 2] = __float2int_rd(x);
  oi[8 * i + 3] = __float2int_ru(x);
  oi[8 * i + 4] = __double2int_rn(v);
  oi[8 * i + 5] = (int)x;
  oi[8 * i + 6] = (int)(short)(int)x;
  oi[8 * i + 7] = (int)(signed char)__float2int_rz(x);
  ou[4 * i + 0] = __float2uint_rn(x);
  ou[4 * i + 1] = __float2uint_rz(x);
  ou[4 * i + 2] = __double2uint_ru(v);
  ou[4 * i + 3] = (unsigned)(unsigned char)__float2uint_rd(x);
  of[8 * i + 0] = __double2float_rn(v);
  of[8 * i + 1] = __double2float_rz(v);
  of[8 * i + 2] = __double2float_rd(v);
  of[8 * i + 3] = __double2float_ru(v);
  of[8 * i + 4] = __int2float_rz((int)((unsigned)oi[8 * i + 1] * 1000003u));
  of[8 * i + 5] = __uint2float_ru(ou[4 * i + 1] * 2654435761u);
  of[8 * i + 6] = __ll2float_rd((long long)(v * 1e12));
  of[8 * i + 7] = __int_as_float(__float_as_int(x) ^ 0x80000000);
  ol[2 * i + 0] = __double2ll_rz(v * 1e15);
  ol[2 * i + 1] = __float2ll_rd(x * 1e10f);
}

extern "C" __global__ void int_intrinsics(const unsigned *a, const unsigned *b, unsigned *out,
                                          unsigned long long *out64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  unsigned *o = out + 12 * i;
  o[0] = __byte_perm(x, y, y & 0x7777);
  o[1] = __funnelshift_l(x, y, i);
  o[2] = __funnelshift_r(x, y, i);
  o[3] = __funnelshift_lc(x, y, i);
  o[4] = __funnelshift_rc(x, y, i);
  o[5] = __umul24(x, y);
  o[6] = (unsigned)__mul24((int)x, (int)y);
  o[7] = __usad(x, y, 7u);
  o[8] = (unsigned)__sad((int)x, (int)y, 7u);
  o[9] = __umulhi(x, y) ^ (unsigned)__mulhi((int)x, (int)y);
  o[10] = __uhadd(x, y) + __urhadd(x, y);
  o[11] = (unsigned)__hadd((int)x, (int)y) ^ (unsigned)__rhadd((int)x, (int)y);
  unsigned long long w = ((unsigned long long)x << 32) | y;
  out64[2 * i + 0] = __brevll(w) ^ __umul64hi(w, 0x9e3779b97f4a7c15ull);
  out64[2 * i + 1] = (unsigned long long)(__ffsll((long long)w) + __clzll((long long)w) + __popcll(w));
}

// Integer dot products (sm_61 dp4a/dp2a): every overload, signed and unsigned, lo and hi.
extern "C" __global__ void dot_products(const unsigned *a, const unsigned *b, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], c = a[(i + 1) % n];
  unsigned *o = out + 12 * i;
  char4 xc = make_char4((signed char)x, (signed char)(x >> 8), (signed char)(x >> 16), (signed char)(x >> 24));
  char4 yc = make_char4((signed char)y, (signed char)(y >> 8), (signed char)(y >> 16), (signed char)(y >> 24));
  uchar4 xu = make_uchar4(x, x >> 8, x >> 16, x >> 24);
  uchar4 yu = make_uchar4(y, y >> 8, y >> 16, y >> 24);
  short2 xs = make_short2((short)x, (short)(x >> 16));
  ushort2 xus = make_ushort2(x, x >> 16);
  o[0] = (unsigned)__dp4a((int)x, (int)y, (int)c);
  o[1] = __dp4a(x, y, c);
  o[2] = (unsigned)__dp2a_lo((int)x, (int)y, (int)c);
  o[3] = __dp2a_lo(x, y, c);
  o[4] = (unsigned)__dp2a_hi((int)x, (int)y, (int)c);
  o[5] = __dp2a_hi(x, y, c);
  o[6] = (unsigned)__dp4a(xc, yc, (int)c);
  o[7] = __dp4a(xu, yu, c);
  o[8] = (unsigned)__dp2a_lo(xs, yc, (int)c);
  o[9] = __dp2a_lo(xus, yu, c);
  o[10] = (unsigned)__dp2a_hi(xs, yc, (int)c);
  o[11] = __dp2a_hi(xus, yu, c);
}
