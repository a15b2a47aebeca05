/* cuda_bf16.h (warpc builtin header): __nv_bfloat16 and __nv_bfloat162 as C structs with CUDA's conversion and arithmetic
   functions. Arithmetic is computed in float and rounded once to the narrow type, which is
   correctly rounded for add, sub, mul, div and sqrt (float has more than twice the precision
   plus two bits). C++ constructors (from float, double, int) and operators (+ - * / += -= *= /= == != < > <= >=, and + - * / on pairs) as in CUDA;
   conversion operators to float are not there yet (use the functions). */
#ifndef __WARPC_CUDA_BF16_H__
#define __WARPC_CUDA_BF16_H__
#include "__warpc_cuda_runtime.h"
#include "cuda_fp16.h"
typedef struct __nv_bfloat16_raw { unsigned short x; } __nv_bfloat16_raw;
struct __align__(2) __nv_bfloat16 {
    unsigned short __x;
    /* CUDA's constructors: uninitialised, and from float, double (through float) and int. */
    __device__ __nv_bfloat16() {}
    __device__ __nv_bfloat16(float f);
    __device__ __nv_bfloat16(double f);
    __device__ __nv_bfloat16(int i);
    /* CUDA's conversion to float. */
    __device__ operator float() const;
};
typedef struct __nv_bfloat16 __nv_bfloat16;
struct __align__(4) __nv_bfloat162 { __nv_bfloat16 x; __nv_bfloat16 y; };
typedef struct __nv_bfloat162 __nv_bfloat162;
#define __CUDA_BF16_DECL__ static __device__ __forceinline__
static __device__ __forceinline__ unsigned short __warpc_float2bf16_bits(float f) {
    unsigned int x = __float_as_uint(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((x >> 16) | 0x40u);
    x = x + 0x7fffu + ((x >> 16) & 1u);
    return (unsigned short)(x >> 16);
}
static __device__ __forceinline__ float __warpc_bf16_bits2float(unsigned short h) { return __uint_as_float((unsigned int)h << 16); }
static __device__ __forceinline__ __nv_bfloat16 __warpc_make_bfloat16(unsigned short b) { __nv_bfloat16 r; r.__x = b; return r; }
static __device__ __forceinline__ float __bfloat162float(__nv_bfloat16 a) { return __warpc_bf16_bits2float(a.__x); }
__device__ inline __nv_bfloat16::operator float() const { return __warpc_bf16_bits2float(__x); }
static __device__ __forceinline__ __nv_bfloat16 __float2bfloat16(float a) { __nv_bfloat16 r; r.__x = __warpc_float2bf16_bits(a); return r; }
__device__ inline __nv_bfloat16::__nv_bfloat16(float f) { __x = __warpc_float2bf16_bits(f); }
__device__ inline __nv_bfloat16::__nv_bfloat16(double f) { __x = __warpc_float2bf16_bits((float)f); }
__device__ inline __nv_bfloat16::__nv_bfloat16(int i) { __x = __warpc_float2bf16_bits((float)i); }
static __device__ __forceinline__ __nv_bfloat16 __float2bfloat16_rn(float a) { __nv_bfloat16 r; r.__x = __warpc_float2bf16_bits(a); return r; }
static __device__ __forceinline__ __nv_bfloat16 __double2bfloat16(double a) { return __float2bfloat16((float)a); }
static __device__ __forceinline__ float __low2float(__nv_bfloat162 a) { return __bfloat162float(a.x); }
static __device__ __forceinline__ float __high2float(__nv_bfloat162 a) { return __bfloat162float(a.y); }
static __device__ __forceinline__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { __nv_bfloat162 r; r.x = a; r.y = b; return r; }
static __device__ __forceinline__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { __nv_bfloat162 r; r.x = a; r.y = a; return r; }
static __device__ __forceinline__ __nv_bfloat16 __low2bfloat16(__nv_bfloat162 a) { return a.x; }
static __device__ __forceinline__ __nv_bfloat16 __high2bfloat16(__nv_bfloat162 a) { return a.y; }
static __device__ __forceinline__ __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { __nv_bfloat162 r; r.x = a.x; r.y = b.x; return r; }
static __device__ __forceinline__ __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { __nv_bfloat162 r; r.x = a.y; r.y = b.y; return r; }
static __device__ __forceinline__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { __nv_bfloat162 r; r.x = __float2bfloat16(a); r.y = __float2bfloat16(b); return r; }
static __device__ __forceinline__ __nv_bfloat162 __float2bfloat162_rn(float a) { __nv_bfloat162 r; r.x = __float2bfloat16(a); r.y = r.x; return r; }
static __device__ __forceinline__ __nv_bfloat162 __float22bfloat162_rn(float2 a) { return __floats2bfloat162_rn(a.x, a.y); }
static __device__ __forceinline__ float2 __bfloat1622float2(__nv_bfloat162 a) { float2 r; r.x = __bfloat162float(a.x); r.y = __bfloat162float(a.y); return r; }
static __device__ __forceinline__ __nv_bfloat16 __int2bfloat16_rn(int a) { return __float2bfloat16((float)a); }
static __device__ __forceinline__ int __bfloat162int_rz(__nv_bfloat16 a) { return (int)__bfloat162float(a); }
static __device__ __forceinline__ __nv_bfloat16 __uint2bfloat16_rn(unsigned int a) { return __float2bfloat16((float)a); }
static __device__ __forceinline__ unsigned int __bfloat162uint_rz(__nv_bfloat16 a) { return (unsigned int)__bfloat162float(a); }
static __device__ __forceinline__ __nv_bfloat16 __short2bfloat16_rn(short a) { return __float2bfloat16((float)a); }
static __device__ __forceinline__ short __bfloat162short_rz(__nv_bfloat16 a) { return (short)__bfloat162float(a); }
static __device__ __forceinline__ __nv_bfloat16 __ushort2bfloat16_rn(unsigned short a) { return __float2bfloat16((float)a); }
static __device__ __forceinline__ unsigned short __bfloat162ushort_rz(__nv_bfloat16 a) { return (unsigned short)__bfloat162float(a); }
static __device__ __forceinline__ __nv_bfloat16 __ll2bfloat16_rn(long long a) { return __float2bfloat16((float)a); }
static __device__ __forceinline__ long long __bfloat162ll_rz(__nv_bfloat16 a) { return (long long)__bfloat162float(a); }
static __device__ __forceinline__ __nv_bfloat16 __ull2bfloat16_rn(unsigned long long a) { return __float2bfloat16((float)a); }
static __device__ __forceinline__ unsigned long long __bfloat162ull_rz(__nv_bfloat16 a) { return (unsigned long long)__bfloat162float(a); }
static __device__ __forceinline__ short __bfloat16_as_short(__nv_bfloat16 a) { return (short)a.__x; }
static __device__ __forceinline__ unsigned short __bfloat16_as_ushort(__nv_bfloat16 a) { return a.__x; }
static __device__ __forceinline__ __nv_bfloat16 __short_as_bfloat16(short a) { __nv_bfloat16 r; r.__x = (unsigned short)a; return r; }
static __device__ __forceinline__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short a) { __nv_bfloat16 r; r.__x = a; return r; }
static __device__ __forceinline__ __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) + __bfloat162float(b)); }
static __device__ __forceinline__ __nv_bfloat16 __hadd_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }
static __device__ __forceinline__ __nv_bfloat16 __hadd_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__saturatef(__bfloat162float(a) + __bfloat162float(b))); }
static __device__ __forceinline__ __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b) { __nv_bfloat162 r; r.x = __hadd(a.x, b.x); r.y = __hadd(a.y, b.y); return r; }
static __device__ __forceinline__ __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) - __bfloat162float(b)); }
static __device__ __forceinline__ __nv_bfloat16 __hsub_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hsub(a, b); }
static __device__ __forceinline__ __nv_bfloat16 __hsub_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__saturatef(__bfloat162float(a) - __bfloat162float(b))); }
static __device__ __forceinline__ __nv_bfloat162 __hsub2(__nv_bfloat162 a, __nv_bfloat162 b) { __nv_bfloat162 r; r.x = __hsub(a.x, b.x); r.y = __hsub(a.y, b.y); return r; }
static __device__ __forceinline__ __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) * __bfloat162float(b)); }
static __device__ __forceinline__ __nv_bfloat16 __hmul_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmul(a, b); }
static __device__ __forceinline__ __nv_bfloat16 __hmul_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__saturatef(__bfloat162float(a) * __bfloat162float(b))); }
static __device__ __forceinline__ __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b) { __nv_bfloat162 r; r.x = __hmul(a.x, b.x); r.y = __hmul(a.y, b.y); return r; }
static __device__ __forceinline__ __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) / __bfloat162float(b)); }
static __device__ __forceinline__ __nv_bfloat162 __hdiv2(__nv_bfloat162 a, __nv_bfloat162 b) { __nv_bfloat162 r; r.x = __hdiv(a.x, b.x); r.y = __hdiv(a.y, b.y); return r; }
static __device__ __forceinline__ __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) { return __float2bfloat16(__fmaf_rn(__bfloat162float(a), __bfloat162float(b), __bfloat162float(c))); }
static __device__ __forceinline__ __nv_bfloat16 __hfma_sat(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) { return __float2bfloat16(__saturatef(__fmaf_rn(__bfloat162float(a), __bfloat162float(b), __bfloat162float(c)))); }
static __device__ __forceinline__ __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) { __nv_bfloat162 r; r.x = __hfma(a.x, b.x, c.x); r.y = __hfma(a.y, b.y, c.y); return r; }
static __device__ __forceinline__ __nv_bfloat16 __hneg(__nv_bfloat16 a) { __nv_bfloat16 r; r.__x = (unsigned short)(a.__x ^ 0x8000u); return r; }
static __device__ __forceinline__ __nv_bfloat16 __habs(__nv_bfloat16 a) { __nv_bfloat16 r; r.__x = (unsigned short)(a.__x & 0x7fffu); return r; }
static __device__ __forceinline__ __nv_bfloat162 __hneg2(__nv_bfloat162 a) { __nv_bfloat162 r; r.x = __hneg(a.x); r.y = __hneg(a.y); return r; }
static __device__ __forceinline__ __nv_bfloat162 __habs2(__nv_bfloat162 a) { __nv_bfloat162 r; r.x = __habs(a.x); r.y = __habs(a.y); return r; }
static __device__ __forceinline__ bool __hisnan(__nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
static __device__ __forceinline__ int __hisinf(__nv_bfloat16 a) { return (a.__x & 0x7fffu) == 0x7f80u ? ((a.__x & 0x8000u) ? -1 : 1) : 0; }
static __device__ __forceinline__ bool __heq(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) == __bfloat162float(b); }
static __device__ __forceinline__ bool __hne(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) != __bfloat162float(b); }
static __device__ __forceinline__ bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) < __bfloat162float(b); }
static __device__ __forceinline__ bool __hle(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) <= __bfloat162float(b); }
static __device__ __forceinline__ bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) > __bfloat162float(b); }
static __device__ __forceinline__ bool __hge(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) >= __bfloat162float(b); }
static __device__ __forceinline__ __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(fmaxf(__bfloat162float(a), __bfloat162float(b))); }
static __device__ __forceinline__ __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(fminf(__bfloat162float(a), __bfloat162float(b))); }
static __device__ __forceinline__ __nv_bfloat16 hsqrt(__nv_bfloat16 a) { return __float2bfloat16(sqrtf(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hrsqrt(__nv_bfloat16 a) { return __float2bfloat16(rsqrtf(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hrcp(__nv_bfloat16 a) { return __float2bfloat16(__frcp_rn(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hexp(__nv_bfloat16 a) { return __float2bfloat16(expf(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hexp2(__nv_bfloat16 a) { return __float2bfloat16(exp2f(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hexp10(__nv_bfloat16 a) { return __float2bfloat16(exp10f(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hlog(__nv_bfloat16 a) { return __float2bfloat16(logf(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hlog2(__nv_bfloat16 a) { return __float2bfloat16(log2f(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hlog10(__nv_bfloat16 a) { return __float2bfloat16(log10f(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hsin(__nv_bfloat16 a) { return __float2bfloat16(sinf(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hcos(__nv_bfloat16 a) { return __float2bfloat16(cosf(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 htanh(__nv_bfloat16 a) { return __float2bfloat16(tanhf(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hfloor(__nv_bfloat16 a) { return __float2bfloat16(floorf(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hceil(__nv_bfloat16 a) { return __float2bfloat16(ceilf(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 htrunc(__nv_bfloat16 a) { return __float2bfloat16(truncf(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat16 hrint(__nv_bfloat16 a) { return __float2bfloat16(rintf(__bfloat162float(a))); }
static __device__ __forceinline__ __nv_bfloat162 h2sqrt(__nv_bfloat162 a) { __nv_bfloat162 r; r.x = hsqrt(a.x); r.y = hsqrt(a.y); return r; }
static __device__ __forceinline__ __nv_bfloat162 h2exp(__nv_bfloat162 a) { __nv_bfloat162 r; r.x = hexp(a.x); r.y = hexp(a.y); return r; }
static __device__ __forceinline__ __nv_bfloat16 __shfl_sync(unsigned int mask, __nv_bfloat16 v, int lane, int width) { __nv_bfloat16 r; r.__x = (unsigned short)__shfl_sync(mask, (int)v.__x, lane, width); return r; }
static __device__ __forceinline__ __nv_bfloat16 __shfl_sync(unsigned int mask, __nv_bfloat16 v, int lane) { return __shfl_sync(mask, v, lane, 32); }
static __device__ __forceinline__ __nv_bfloat16 __shfl_xor_sync(unsigned int mask, __nv_bfloat16 v, int lane, int width) { __nv_bfloat16 r; r.__x = (unsigned short)__shfl_xor_sync(mask, (int)v.__x, lane, width); return r; }
static __device__ __forceinline__ __nv_bfloat16 __shfl_xor_sync(unsigned int mask, __nv_bfloat16 v, int lane) { return __shfl_xor_sync(mask, v, lane, 32); }
static __device__ __forceinline__ __nv_bfloat16 __shfl_up_sync(unsigned int mask, __nv_bfloat16 v, unsigned int delta, int width) { __nv_bfloat16 r; r.__x = (unsigned short)__shfl_up_sync(mask, (int)v.__x, delta, width); return r; }
static __device__ __forceinline__ __nv_bfloat16 __shfl_up_sync(unsigned int mask, __nv_bfloat16 v, unsigned int delta) { return __shfl_up_sync(mask, v, delta, 32); }
static __device__ __forceinline__ __nv_bfloat16 __shfl_down_sync(unsigned int mask, __nv_bfloat16 v, unsigned int delta, int width) { __nv_bfloat16 r; r.__x = (unsigned short)__shfl_down_sync(mask, (int)v.__x, delta, width); return r; }
static __device__ __forceinline__ __nv_bfloat16 __shfl_down_sync(unsigned int mask, __nv_bfloat16 v, unsigned int delta) { return __shfl_down_sync(mask, v, delta, 32); }
static __device__ __forceinline__ __nv_bfloat16 __ldg(const __nv_bfloat16 *p) { __nv_bfloat16 r; r.__x = __ldg((const unsigned short *)p); return r; }
static __device__ __forceinline__ __nv_bfloat16 __ldca(const __nv_bfloat16 *p) { __nv_bfloat16 r; r.__x = __ldca((const unsigned short *)p); return r; }
static __device__ __forceinline__ __nv_bfloat16 __ldcg(const __nv_bfloat16 *p) { __nv_bfloat16 r; r.__x = __ldcg((const unsigned short *)p); return r; }
static __device__ __forceinline__ __nv_bfloat16 __ldcs(const __nv_bfloat16 *p) { __nv_bfloat16 r; r.__x = __ldcs((const unsigned short *)p); return r; }
static __device__ __forceinline__ __nv_bfloat16 __ldlu(const __nv_bfloat16 *p) { __nv_bfloat16 r; r.__x = __ldlu((const unsigned short *)p); return r; }
static __device__ __forceinline__ __nv_bfloat16 __ldcv(const __nv_bfloat16 *p) { __nv_bfloat16 r; r.__x = __ldcv((const unsigned short *)p); return r; }
static __device__ __forceinline__ void __stwb(__nv_bfloat16 *p, __nv_bfloat16 v) { __stwb((unsigned short *)p, v.__x); }
static __device__ __forceinline__ void __stcg(__nv_bfloat16 *p, __nv_bfloat16 v) { __stcg((unsigned short *)p, v.__x); }
static __device__ __forceinline__ void __stcs(__nv_bfloat16 *p, __nv_bfloat16 v) { __stcs((unsigned short *)p, v.__x); }
static __device__ __forceinline__ void __stwt(__nv_bfloat16 *p, __nv_bfloat16 v) { __stwt((unsigned short *)p, v.__x); }
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80U)

/* C++ operators (CUDA's cuda_fp16.hpp / cuda_bf16.hpp), over the functions above. */
static __device__ __forceinline__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hadd(a, b); }
static __device__ __forceinline__ __nv_bfloat16 operator-(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hsub(a, b); }
static __device__ __forceinline__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hmul(a, b); }
static __device__ __forceinline__ __nv_bfloat16 operator/(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hdiv(a, b); }
static __device__ __forceinline__ __nv_bfloat16 &operator+=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hadd(a, b); return a; }
static __device__ __forceinline__ __nv_bfloat16 &operator-=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hsub(a, b); return a; }
static __device__ __forceinline__ __nv_bfloat16 &operator*=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hmul(a, b); return a; }
static __device__ __forceinline__ __nv_bfloat16 &operator/=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hdiv(a, b); return a; }
static __device__ __forceinline__ __nv_bfloat16 operator+(const __nv_bfloat16 &a) { return a; }
static __device__ __forceinline__ __nv_bfloat16 operator-(const __nv_bfloat16 &a) { __nv_bfloat16 r; r.__x = (unsigned short)(a.__x ^ 0x8000u); return r; }
static __device__ __forceinline__ bool operator==(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __bfloat162float(a) == __bfloat162float(b); }
static __device__ __forceinline__ bool operator!=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __bfloat162float(a) != __bfloat162float(b); }
static __device__ __forceinline__ bool operator<(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __bfloat162float(a) < __bfloat162float(b); }
static __device__ __forceinline__ bool operator>(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __bfloat162float(a) > __bfloat162float(b); }
static __device__ __forceinline__ bool operator<=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __bfloat162float(a) <= __bfloat162float(b); }
static __device__ __forceinline__ bool operator>=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __bfloat162float(a) >= __bfloat162float(b); }
static __device__ __forceinline__ __nv_bfloat162 operator+(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { __nv_bfloat162 r; r.x = __hadd(a.x, b.x); r.y = __hadd(a.y, b.y); return r; }
static __device__ __forceinline__ __nv_bfloat162 operator-(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { __nv_bfloat162 r; r.x = __hsub(a.x, b.x); r.y = __hsub(a.y, b.y); return r; }
static __device__ __forceinline__ __nv_bfloat162 operator*(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { __nv_bfloat162 r; r.x = __hmul(a.x, b.x); r.y = __hmul(a.y, b.y); return r; }
static __device__ __forceinline__ __nv_bfloat162 operator/(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { __nv_bfloat162 r; r.x = __hdiv(a.x, b.x); r.y = __hdiv(a.y, b.y); return r; }
#endif /* __WARPC_CUDA_BF16_H__ */
