// GCC-style inline PTX: `%N` operands (outputs first), `%%` escapes, `+` read-write operands,
// h/r/l/f/d register constraints, `n` immediates, a "memory" clobber, a scoped predicate
// block, and nvcc's `// begin inline asm` markers around each statement.
// ARGS: -arch=sm_80 -O3
extern "C" __global__ void special(unsigned *out) {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[threadIdx.x] = lane;
}
// CHECK: .entry special(
// CHECK: // begin inline asm
// CHECK-NEXT: mov.u32 %r1, %laneid;
// CHECK-NEXT: // end inline asm

extern "C" __global__ void widths(const float *f, const double *d, unsigned short *h, long long *l) {
  float fv;
  double dv;
  unsigned short hv = h[0];
  long long lv;
  asm("ld.global.nc.f32 %0, [%1];" : "=f"(fv) : "l"(f));
  asm("cvt.f64.f32 %0, %1;" : "=d"(dv) : "f"(fv));
  asm("add.u16 %0, %0, %1;" : "+h"(hv) : "n"(7));
  asm("cvt.rzi.s64.f64 %0, %1;" : "=l"(lv) : "d"(dv * 2.0));
  h[1] = hv;
  l[0] = lv;
}
// CHECK: .entry widths(
// CHECK: ld.global.nc.f32
// CHECK: cvt.f64.f32 %rd
// CHECK: add.u16 %rs1, %rs1, 7;
// CHECK: cvt.rzi.s64.f64 %rd

// Several outputs, a predicate block, and an early-clobber output.
extern "C" __global__ void clamp_swap(float *p, int *q) {
  float a = p[0], r;
  int x = q[0], y = q[1], lo, hi;
  asm("{\n\t"
      ".reg .pred p_lo;\n\t"
      "setp.lt.f32 p_lo, %1, 0f00000000;\n\t"
      "selp.f32 %0, 0f00000000, %1, p_lo;\n\t"
      "}"
      : "=f"(r)
      : "f"(a));
  asm("min.s32 %0, %2, %3;\n\tmax.s32 %1, %2, %3;" : "=&r"(lo), "=r"(hi) : "r"(x), "r"(y));
  p[1] = r;
  q[2] = lo;
  q[3] = hi;
}
// CHECK: .entry clamp_swap(
// CHECK: .reg .pred p_lo;
// CHECK-NEXT: setp.lt.f32 p_lo,
// CHECK: min.s32
// CHECK-NEXT: max.s32

// A "memory" clobber keeps the store before the later load; `volatile` asm without outputs is
// kept; `%=` is a per-statement unique number; `$` passes through.
extern "C" __global__ void clobber(int *p, int v) {
  p[0] = 1;
  asm volatile("st.global.u32 [%0], %1; // $ %=" :: "l"(p), "r"(v) : "memory");
  p[1] = p[0];
}
// CHECK: .entry clobber(
// CHECK: st.global.b32 [%rd
// CHECK: st.global.u32 [%rd
// CHECK: ld.global.b32

// Without `volatile`, an asm whose outputs are unused is removed, as nvcc does.
extern "C" __global__ void dead(int *p) {
  int unused;
  asm("mov.u32 %0, 5; // dead asm" : "=r"(unused));
  p[0] = 1;
}
// CHECK: .entry dead(
// CHECK-NOT: dead asm
// CHECK: ret;

// Without operands (even with clobbers) nvcc passes the template through as written.
extern "C" __global__ void verbatim() {
  asm volatile("// plain %% %= %0 $x" ::: "memory");
  asm volatile("// one %% %= $x %0" :: "r"(1));
}
// CHECK: .entry verbatim(
// CHECK: // plain %% %= %0 $x
// CHECK: // one % 0 $x %r

// `n` immediates print as integers (a `bool` as 1); `+l` on a pointer.
extern "C" __global__ void immediates(int **pp) {
  int *p = pp[0];
  asm("add.u64 %0, %0, %1; // sizeof" : "+l"(p) : "n"(sizeof(int)));
  pp[1] = p;
  asm volatile("// imm %0 %1 %2" :: "n"(true), "n"(-5LL), "n"(1ULL << 40));
}
// CHECK: .entry immediates(
// CHECK: , 4; // sizeof
// CHECK: // imm 1 -5 1099511627776
