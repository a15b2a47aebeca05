// Bit-fields laid out, read and written as nvcc does (the host's Itanium layout): units of the
// declared type, no straddling, zero-width and unnamed bit-fields, signed and unsigned
// extraction, bool bit-fields, unions, assignment values, compound assignment, increments,
// aggregate and constant initialization, constexpr evaluation and [conv.prom] promotion.
// ARGS: -arch=sm_80 -O3
struct A { char c; int a : 12; char d; };
struct B { int a : 3; int : 0; int b : 4; };
struct C { char c; int : 0; char d; };
struct D { char c; int : 4; char d; };
struct E { unsigned long long x : 40; unsigned y : 30; };
struct F { bool b : 1; char c : 3; short s : 9; };
union U { int a : 3; char c; unsigned b : 20; };
union U2 { int : 12; char c; };
struct H { char c; long long z : 60; };
struct I { short a : 9; short b : 9; short c : 9; };
struct S {
  int s5 : 5;
  unsigned u3 : 3;
  bool flag : 1;
  unsigned u20 : 20;
  long long l40 : 40;
  unsigned u32 : 32;
};
// An enumeration's bit-field reads zero-extended when no enumerator is negative.
enum Color { Red, Green, Blue, White };
enum class Scoped { S0, S1, S2, S3 };
enum Sign { Minus = -1, Plus = 1 };
struct En { Color c : 2; Scoped s : 2; Sign n : 2; };
// The state cooperative_groups keeps in thread_group.
struct Tg {
  unsigned int is_tiled : 1;
  unsigned int type : 7;
  unsigned int size : 24;
  unsigned int metaGroupSize : 16;
  unsigned int metaGroupRank : 16;
  unsigned int mask;
};

template <class X, class Y> struct same { static const bool value = false; };
template <class X> struct same<X, X> { static const bool value = true; };
static_assert(same<decltype(S().u3 + 0), int>::value, "unsigned : 3 promotes to int");
static_assert(same<decltype(S().u32 + 0), unsigned>::value, "unsigned : 32 stays unsigned");
static_assert(same<decltype(S().l40 + 0), long long>::value, "long long : 40 stays long long");
static_assert(same<decltype(S().u3), unsigned>::value, "a bit-field has its declared type");
static_assert(same<decltype(-S().u3), int>::value && same<decltype(S().u3 << 1), int>::value, "");
static_assert(same<decltype(true ? S().u3 : 1), int>::value, "arms promoted");

__host__ __device__ constexpr int trunc_sum(int v) {
  S s{};
  s.s5 = v;
  s.u3 = v;
  s.u3 += 6;
  int r = (s.s5 = v + 1);
  return s.s5 * 100 + s.u3 + r * 10000;
}
static_assert(trunc_sum(19) == -12 * 100 + 1 + -12 * 10000, "constexpr bit-fields truncate");
static_assert(trunc_sum(3) == 4 * 100 + 1 + 4 * 10000, "constexpr bit-fields truncate");
constexpr Tg ktg = {1, 5, 1000, 77, 300, 0xffu};
static_assert(ktg.type == 5 && ktg.metaGroupRank == 300 && ktg.size == 1000, "");

__device__ S gs = {-3, 9, true, 0xabcde, -5, 0xdeadbeefu};
__device__ Tg gtg = {1, 3, 32};

#define P(T) out[i++] = sizeof(T); out[i++] = alignof(T);
extern "C" __global__ void layout(long long *out) {
  int i = 0;
  P(A) P(B) P(C) P(D) P(E) P(F) P(U) P(U2) P(H) P(I) P(S) P(Tg)
  out[i++] = trunc_sum(19);
  out[i++] = trunc_sum(3);
}
// Constant initializers pack bit-fields as nvcc does (s5 = -3 and u3 = 9 & 7 share byte 0).
// CHECK: .global .align 8 .b8 gs[24] = {61, 189, 121, 21, 0, 0, 0, 0, 251, 255, 255, 255, 255, 0, 0, 0, 239, 190, 173, 222};
// CHECK: .global .align 4 .b8 gtg[12] = {7, 32};

__device__ int keep(const int &r) { return r * 2; }

extern "C" __global__ void rw(const int *in, int *out, unsigned *raw) {
  int t = threadIdx.x;
  int v = in[t];
  S s = {};
  s.s5 = v;
  s.u3 = v >> 2;
  s.flag = v & 1;
  s.u20 = v * 977;
  s.l40 = (long long)v * 123456789;
  s.u32 = ~v;
  int *o = out + t * 20;
  o[0] = s.s5;
  o[1] = s.u3;
  o[2] = s.flag;
  o[3] = s.u20;
  o[4] = (int)(s.l40 >> 8);
  o[5] = s.u3 - 5 < 0;      // int arithmetic after promotion
  o[6] = (s.s5 = v + 100);  // the stored, truncated value
  int c = (s.u3 += v);
  o[7] = c * 10 + s.u3;
  o[8] = s.s5++;
  o[9] = --s.u3;
  s.s5 *= 3;
  s.u20 >>= 2;
  s.l40 -= v;
  asm("add.u32 %0, %0, 3;" : "+r"(s.u20));  // an asm operand written back into its bits
  o[10] = s.s5 + s.u20;
  o[11] = keep(s.u3);
  o[12] = (s.u32 > 0u) + 2 * (v & 2 ? s.s5 : s.u3);  // a conditional over bit-fields
  Tg tg = {};
  tg.mask = v;
  tg.size = __popc(v);
  tg.metaGroupSize = (v + 31) / 32;
  tg.metaGroupRank = v / 3;
  tg.is_tiled = true;
  tg.type = v;
  o[13] = tg.size + tg.metaGroupRank * 7 + tg.type + (tg.is_tiled ? 1000 : 0);
  U u;
  u.b = v * 31;
  o[14] = u.a;
  o[15] = u.c;
  En en;
  en.c = (Color)v;
  en.s = (Scoped)v;
  en.n = (Sign)v;
  o[16] = en.c;
  o[17] = (int)en.s;
  o[18] = en.n;
  o[19] = (en.c == White) + 2 * (en.s == Scoped::S3) + 4 * (en.n == Minus);
  unsigned *w = raw + t * 12;
  memcpy(w, &s, sizeof s);
  memcpy(w + 6, &tg, sizeof tg);
  if (t == 0) {
    w[9] = gs.u20 + gs.s5 + gs.u3;
    w[10] = gtg.size + gtg.type;
    w[11] = (unsigned)(gs.l40 >> 4);
  }
}
// CHECK: .entry rw(
