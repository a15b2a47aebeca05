// Loads and stores with a cache operator are inline PTX on the global address, as in NVIDIA's
// headers; vector types are loaded and stored per element.
// ARGS: -arch=sm_75 -O3
extern "C" __global__ void hints(const int *in, const float4 *vin, const double *din, const char *cin, int *out, float4 *vout, double *dout, char *cout) {
  int t = threadIdx.x;
  int a = __ldca(in + t) + __ldcg(in + t + 32) + __ldcs(in + t + 64) + __ldlu(in + t + 96) + __ldcv(in + t + 128);
  __stwb(out + t, a);
  __stcg(out + t + 32, a + 1);
  __stcs(out + t + 64, a + 2);
  __stwt(out + t + 96, a + 3);
  float4 v = __ldcg(vin + t);
  __stcs(vout + t, v);
  __stcg(dout + t, __ldcs(din + t) * 2.0);
  __stwt(cout + t, (char)(__ldlu(cin + t) + 1));
}
// CHECK: .entry hints(
// CHECK: ld.global.ca.s32
// CHECK: ld.global.cg.s32
// CHECK: ld.global.cs.s32
// CHECK: ld.global.lu.s32
// CHECK: ld.global.cv.s32
// CHECK: st.global.wb.s32
// CHECK: st.global.cg.s32
// CHECK: st.global.cs.s32
// CHECK: st.global.wt.s32
// CHECK-COUNT-4: ld.global.cg.f32
// CHECK-COUNT-4: st.global.cs.f32
// CHECK: ld.global.cs.f64
// CHECK: st.global.cg.f64
// CHECK: ld.global.lu.s8
// CHECK: st.global.wt.s8

// Address-space predicates fold when the space is known, as in nvcc's output.
extern "C" __global__ void spaces(int *out, int *generic) {
  __shared__ int s[32];
  int l = threadIdx.x;
  s[l] = l;
  out[l] = __isGlobal(generic) * 1000 + __isShared(&s[l]) * 100 + __isLocal(&l) * 10 + __isConstant(generic);
}
// CHECK: .entry spaces(

// Through a call that is not inlined, the predicates are isspacep instructions.
__device__ __noinline__ unsigned where(const void *p) {
  return __isGlobal(p) * 8 + __isShared(p) * 4 + __isLocal(p) * 2 + __isConstant(p);
}
extern "C" __global__ void spaces_call(unsigned *out) {
  __shared__ int s[32];
  int l = threadIdx.x;
  s[l] = l;
  out[l] = where(out) + where(&s[l]) * 16 + where(&l) * 256;
}
// CHECK: _Z5wherePKv(
// CHECK: isspacep.global
// CHECK: isspacep.shared
// CHECK: isspacep.local
// CHECK: isspacep.const

// Half and bfloat16 values use the 16-bit forms (the toolkit headers' inline PTX).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
extern "C" __global__ void halves(const __half *a, __half *b, const __nv_bfloat16 *c, __nv_bfloat16 *d) {
  int t = threadIdx.x;
  __stcs(b + t, __ldcg(a + t));
  __stwt(d + t, __ldlu(c + t));
}
// CHECK: .entry halves(
// CHECK: ld.global.cg.b16
// CHECK: st.global.cs.b16
// CHECK: ld.global.lu.b16
// CHECK: st.global.wt.b16
