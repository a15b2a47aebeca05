/* cuda_fp16.h (warpc builtin header): __half and __half2 as C structs with CUDA's conversion and arithmetic
   functions. Arithmetic is computed in float and rounded once to the narrow type, which is
   correctly rounded for add, sub, mul, div and sqrt (float has more than twice the precision
   plus two bits). C++ constructors (from float, double, int) and operators (+ - * / += -= *= /= == != < > <= >=, and + - * / on pairs)
   and the conversion operator to float, as in CUDA. */
#ifndef __WARPC_CUDA_FP16_H__
#define __WARPC_CUDA_FP16_H__
#include "__warpc_cuda_runtime.h"
typedef struct __half_raw { unsigned short x; } __half_raw;
struct __align__(2) __half {
    unsigned short __x;
    /* CUDA's constructors: uninitialised, and from float, double (through float) and int. */
    __device__ __half() {}
    __device__ __half(float f);
    __device__ __half(double f);
    __device__ __half(int i);
    /* CUDA's conversion to float (`float f = h;`, `static_cast<float>(h)`). */
    __device__ operator float() const;
};
typedef struct __half __half;
struct __align__(4) __half2 { __half x; __half y; };
typedef struct __half2 __half2;
typedef struct __half2_raw { unsigned short x; unsigned short y; } __half2_raw;
typedef __half half;
typedef __half2 half2;
#define __CUDA_FP16_DECL__ static __device__ __forceinline__
static __device__ __forceinline__ unsigned short __warpc_float2half_bits(float f) {
    unsigned int x = __float_as_uint(f);
    unsigned int sign = (x >> 16) & 0x8000u;
    unsigned int a = x & 0x7fffffffu;
    if (a >= 0x7f800000u) return (unsigned short)(sign | 0x7c00u | (a > 0x7f800000u ? 0x200u : 0u));
    if (a >= 0x477ff000u) return (unsigned short)(sign | 0x7c00u);
    if (a < 0x38800000u) {
        int shift = 126 - (int)(a >> 23);
        if (shift > 24) return (unsigned short)sign;
        unsigned int m = (a & 0x7fffffu) | 0x800000u;
        unsigned int q = m >> shift;
        unsigned int rem = m & ((1u << shift) - 1u);
        unsigned int halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (q & 1u))) q = q + 1u;
        return (unsigned short)(sign | q);
    }
    unsigned int r = a - 0x38000000u;
    unsigned int q = r >> 13;
    unsigned int rem = r & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (q & 1u))) q = q + 1u;
    return (unsigned short)(sign | q);
}
static __device__ __forceinline__ float __warpc_half_bits2float(unsigned short h) {
    unsigned int sign = ((unsigned int)h & 0x8000u) << 16;
    unsigned int e = ((unsigned int)h >> 10) & 0x1fu;
    unsigned int m = (unsigned int)h & 0x3ffu;
    if (e == 0x1fu) return __uint_as_float(sign | 0x7f800000u | (m << 13));
    if (e == 0u) {
        float v = (float)m * 5.9604644775390625e-8f;
        return sign ? -v : v;
    }
    return __uint_as_float(sign | ((e + 112u) << 23) | (m << 13));
}
static __device__ __forceinline__ __half __warpc_make_half(unsigned short b) { __half r; r.__x = b; return r; }
static __device__ __forceinline__ float __half2float(__half a) { return __warpc_half_bits2float(a.__x); }
__device__ inline __half::operator float() const { return __warpc_half_bits2float(__x); }
static __device__ __forceinline__ __half __float2half(float a) { __half r; r.__x = __warpc_float2half_bits(a); return r; }
static __device__ __forceinline__ __half __float2half_rn(float a) { __half r; r.__x = __warpc_float2half_bits(a); return r; }
static __device__ __forceinline__ __half __double2half(double a) { return __float2half((float)a); }
__device__ inline __half::__half(float f) { __x = __warpc_float2half_bits(f); }
__device__ inline __half::__half(double f) { __x = __warpc_float2half_bits((float)f); }
__device__ inline __half::__half(int i) { __x = __warpc_float2half_bits((float)i); }
static __device__ __forceinline__ float __low2float(__half2 a) { return __half2float(a.x); }
static __device__ __forceinline__ float __high2float(__half2 a) { return __half2float(a.y); }
static __device__ __forceinline__ __half2 __halves2half2(__half a, __half b) { __half2 r; r.x = a; r.y = b; return r; }
static __device__ __forceinline__ __half2 __half2half2(__half a) { __half2 r; r.x = a; r.y = a; return r; }
static __device__ __forceinline__ __half __low2half(__half2 a) { return a.x; }
static __device__ __forceinline__ __half __high2half(__half2 a) { return a.y; }
static __device__ __forceinline__ __half2 __lows2half2(__half2 a, __half2 b) { __half2 r; r.x = a.x; r.y = b.x; return r; }
static __device__ __forceinline__ __half2 __highs2half2(__half2 a, __half2 b) { __half2 r; r.x = a.y; r.y = b.y; return r; }
static __device__ __forceinline__ __half2 __floats2half2_rn(float a, float b) { __half2 r; r.x = __float2half(a); r.y = __float2half(b); return r; }
static __device__ __forceinline__ __half2 __float2half2_rn(float a) { __half2 r; r.x = __float2half(a); r.y = r.x; return r; }
static __device__ __forceinline__ __half2 __float22half2_rn(float2 a) { return __floats2half2_rn(a.x, a.y); }
static __device__ __forceinline__ float2 __half22float2(__half2 a) { float2 r; r.x = __half2float(a.x); r.y = __half2float(a.y); return r; }
static __device__ __forceinline__ __half __int2half_rn(int a) { return __float2half((float)a); }
static __device__ __forceinline__ int __half2int_rz(__half a) { return (int)__half2float(a); }
static __device__ __forceinline__ __half __uint2half_rn(unsigned int a) { return __float2half((float)a); }
static __device__ __forceinline__ unsigned int __half2uint_rz(__half a) { return (unsigned int)__half2float(a); }
static __device__ __forceinline__ __half __short2half_rn(short a) { return __float2half((float)a); }
static __device__ __forceinline__ short __half2short_rz(__half a) { return (short)__half2float(a); }
static __device__ __forceinline__ __half __ushort2half_rn(unsigned short a) { return __float2half((float)a); }
static __device__ __forceinline__ unsigned short __half2ushort_rz(__half a) { return (unsigned short)__half2float(a); }
static __device__ __forceinline__ __half __ll2half_rn(long long a) { return __float2half((float)a); }
static __device__ __forceinline__ long long __half2ll_rz(__half a) { return (long long)__half2float(a); }
static __device__ __forceinline__ __half __ull2half_rn(unsigned long long a) { return __float2half((float)a); }
static __device__ __forceinline__ unsigned long long __half2ull_rz(__half a) { return (unsigned long long)__half2float(a); }
static __device__ __forceinline__ short __half_as_short(__half a) { return (short)a.__x; }
static __device__ __forceinline__ unsigned short __half_as_ushort(__half a) { return a.__x; }
static __device__ __forceinline__ __half __short_as_half(short a) { __half r; r.__x = (unsigned short)a; return r; }
static __device__ __forceinline__ __half __ushort_as_half(unsigned short a) { __half r; r.__x = a; return r; }
static __device__ __forceinline__ __half __hadd(__half a, __half b) { return __float2half(__half2float(a) + __half2float(b)); }
static __device__ __forceinline__ __half __hadd_rn(__half a, __half b) { return __hadd(a, b); }
static __device__ __forceinline__ __half __hadd_sat(__half a, __half b) { return __float2half(__saturatef(__half2float(a) + __half2float(b))); }
static __device__ __forceinline__ __half2 __hadd2(__half2 a, __half2 b) { __half2 r; r.x = __hadd(a.x, b.x); r.y = __hadd(a.y, b.y); return r; }
static __device__ __forceinline__ __half __hsub(__half a, __half b) { return __float2half(__half2float(a) - __half2float(b)); }
static __device__ __forceinline__ __half __hsub_rn(__half a, __half b) { return __hsub(a, b); }
static __device__ __forceinline__ __half __hsub_sat(__half a, __half b) { return __float2half(__saturatef(__half2float(a) - __half2float(b))); }
static __device__ __forceinline__ __half2 __hsub2(__half2 a, __half2 b) { __half2 r; r.x = __hsub(a.x, b.x); r.y = __hsub(a.y, b.y); return r; }
static __device__ __forceinline__ __half __hmul(__half a, __half b) { return __float2half(__half2float(a) * __half2float(b)); }
static __device__ __forceinline__ __half __hmul_rn(__half a, __half b) { return __hmul(a, b); }
static __device__ __forceinline__ __half __hmul_sat(__half a, __half b) { return __float2half(__saturatef(__half2float(a) * __half2float(b))); }
static __device__ __forceinline__ __half2 __hmul2(__half2 a, __half2 b) { __half2 r; r.x = __hmul(a.x, b.x); r.y = __hmul(a.y, b.y); return r; }
static __device__ __forceinline__ __half __hdiv(__half a, __half b) { return __float2half(__half2float(a) / __half2float(b)); }
static __device__ __forceinline__ __half2 __hdiv2(__half2 a, __half2 b) { __half2 r; r.x = __hdiv(a.x, b.x); r.y = __hdiv(a.y, b.y); return r; }
static __device__ __forceinline__ __half __hfma(__half a, __half b, __half c) { return __float2half(__fmaf_rn(__half2float(a), __half2float(b), __half2float(c))); }
static __device__ __forceinline__ __half __hfma_sat(__half a, __half b, __half c) { return __float2half(__saturatef(__fmaf_rn(__half2float(a), __half2float(b), __half2float(c)))); }
static __device__ __forceinline__ __half2 __hfma2(__half2 a, __half2 b, __half2 c) { __half2 r; r.x = __hfma(a.x, b.x, c.x); r.y = __hfma(a.y, b.y, c.y); return r; }
static __device__ __forceinline__ __half __hneg(__half a) { __half r; r.__x = (unsigned short)(a.__x ^ 0x8000u); return r; }
static __device__ __forceinline__ __half __habs(__half a) { __half r; r.__x = (unsigned short)(a.__x & 0x7fffu); return r; }
static __device__ __forceinline__ __half2 __hneg2(__half2 a) { __half2 r; r.x = __hneg(a.x); r.y = __hneg(a.y); return r; }
static __device__ __forceinline__ __half2 __habs2(__half2 a) { __half2 r; r.x = __habs(a.x); r.y = __habs(a.y); return r; }
static __device__ __forceinline__ bool __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
static __device__ __forceinline__ int __hisinf(__half a) { return (a.__x & 0x7fffu) == 0x7c00u ? ((a.__x & 0x8000u) ? -1 : 1) : 0; }
static __device__ __forceinline__ bool __heq(__half a, __half b) { return __half2float(a) == __half2float(b); }
static __device__ __forceinline__ bool __hne(__half a, __half b) { return __half2float(a) != __half2float(b); }
static __device__ __forceinline__ bool __hlt(__half a, __half b) { return __half2float(a) < __half2float(b); }
static __device__ __forceinline__ bool __hle(__half a, __half b) { return __half2float(a) <= __half2float(b); }
static __device__ __forceinline__ bool __hgt(__half a, __half b) { return __half2float(a) > __half2float(b); }
static __device__ __forceinline__ bool __hge(__half a, __half b) { return __half2float(a) >= __half2float(b); }
static __device__ __forceinline__ __half __hmax(__half a, __half b) { return __float2half(fmaxf(__half2float(a), __half2float(b))); }
static __device__ __forceinline__ __half __hmin(__half a, __half b) { return __float2half(fminf(__half2float(a), __half2float(b))); }
static __device__ __forceinline__ __half hsqrt(__half a) { return __float2half(sqrtf(__half2float(a))); }
static __device__ __forceinline__ __half hrsqrt(__half a) { return __float2half(rsqrtf(__half2float(a))); }
static __device__ __forceinline__ __half hrcp(__half a) { return __float2half(__frcp_rn(__half2float(a))); }
static __device__ __forceinline__ __half hexp(__half a) { return __float2half(expf(__half2float(a))); }
static __device__ __forceinline__ __half hexp2(__half a) { return __float2half(exp2f(__half2float(a))); }
static __device__ __forceinline__ __half hexp10(__half a) { return __float2half(exp10f(__half2float(a))); }
static __device__ __forceinline__ __half hlog(__half a) { return __float2half(logf(__half2float(a))); }
static __device__ __forceinline__ __half hlog2(__half a) { return __float2half(log2f(__half2float(a))); }
static __device__ __forceinline__ __half hlog10(__half a) { return __float2half(log10f(__half2float(a))); }
static __device__ __forceinline__ __half hsin(__half a) { return __float2half(sinf(__half2float(a))); }
static __device__ __forceinline__ __half hcos(__half a) { return __float2half(cosf(__half2float(a))); }
static __device__ __forceinline__ __half htanh(__half a) { return __float2half(tanhf(__half2float(a))); }
static __device__ __forceinline__ __half hfloor(__half a) { return __float2half(floorf(__half2float(a))); }
static __device__ __forceinline__ __half hceil(__half a) { return __float2half(ceilf(__half2float(a))); }
static __device__ __forceinline__ __half htrunc(__half a) { return __float2half(truncf(__half2float(a))); }
static __device__ __forceinline__ __half hrint(__half a) { return __float2half(rintf(__half2float(a))); }
static __device__ __forceinline__ __half2 h2sqrt(__half2 a) { __half2 r; r.x = hsqrt(a.x); r.y = hsqrt(a.y); return r; }
static __device__ __forceinline__ __half2 h2exp(__half2 a) { __half2 r; r.x = hexp(a.x); r.y = hexp(a.y); return r; }
static __device__ __forceinline__ __half __shfl_sync(unsigned int mask, __half v, int lane, int width) { __half r; r.__x = (unsigned short)__shfl_sync(mask, (int)v.__x, lane, width); return r; }
static __device__ __forceinline__ __half __shfl_sync(unsigned int mask, __half v, int lane) { return __shfl_sync(mask, v, lane, 32); }
static __device__ __forceinline__ __half __shfl_xor_sync(unsigned int mask, __half v, int lane, int width) { __half r; r.__x = (unsigned short)__shfl_xor_sync(mask, (int)v.__x, lane, width); return r; }
static __device__ __forceinline__ __half __shfl_xor_sync(unsigned int mask, __half v, int lane) { return __shfl_xor_sync(mask, v, lane, 32); }
static __device__ __forceinline__ __half __shfl_up_sync(unsigned int mask, __half v, unsigned int delta, int width) { __half r; r.__x = (unsigned short)__shfl_up_sync(mask, (int)v.__x, delta, width); return r; }
static __device__ __forceinline__ __half __shfl_up_sync(unsigned int mask, __half v, unsigned int delta) { return __shfl_up_sync(mask, v, delta, 32); }
static __device__ __forceinline__ __half __shfl_down_sync(unsigned int mask, __half v, unsigned int delta, int width) { __half r; r.__x = (unsigned short)__shfl_down_sync(mask, (int)v.__x, delta, width); return r; }
static __device__ __forceinline__ __half __shfl_down_sync(unsigned int mask, __half v, unsigned int delta) { return __shfl_down_sync(mask, v, delta, 32); }
static __device__ __forceinline__ __half __ldg(const __half *p) { __half r; r.__x = __ldg((const unsigned short *)p); return r; }
static __device__ __forceinline__ __half __ldca(const __half *p) { __half r; r.__x = __ldca((const unsigned short *)p); return r; }
static __device__ __forceinline__ __half __ldcg(const __half *p) { __half r; r.__x = __ldcg((const unsigned short *)p); return r; }
static __device__ __forceinline__ __half __ldcs(const __half *p) { __half r; r.__x = __ldcs((const unsigned short *)p); return r; }
static __device__ __forceinline__ __half __ldlu(const __half *p) { __half r; r.__x = __ldlu((const unsigned short *)p); return r; }
static __device__ __forceinline__ __half __ldcv(const __half *p) { __half r; r.__x = __ldcv((const unsigned short *)p); return r; }
static __device__ __forceinline__ void __stwb(__half *p, __half v) { __stwb((unsigned short *)p, v.__x); }
static __device__ __forceinline__ void __stcg(__half *p, __half v) { __stcg((unsigned short *)p, v.__x); }
static __device__ __forceinline__ void __stcs(__half *p, __half v) { __stcs((unsigned short *)p, v.__x); }
static __device__ __forceinline__ void __stwt(__half *p, __half v) { __stwt((unsigned short *)p, v.__x); }
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7c00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7fffU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7bffU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3c00U)

/* C++ operators (CUDA's cuda_fp16.hpp / cuda_bf16.hpp), over the functions above. */
static __device__ __forceinline__ __half operator+(const __half &a, const __half &b) { return __hadd(a, b); }
static __device__ __forceinline__ __half operator-(const __half &a, const __half &b) { return __hsub(a, b); }
static __device__ __forceinline__ __half operator*(const __half &a, const __half &b) { return __hmul(a, b); }
static __device__ __forceinline__ __half operator/(const __half &a, const __half &b) { return __hdiv(a, b); }
static __device__ __forceinline__ __half &operator+=(__half &a, const __half &b) { a = __hadd(a, b); return a; }
static __device__ __forceinline__ __half &operator-=(__half &a, const __half &b) { a = __hsub(a, b); return a; }
static __device__ __forceinline__ __half &operator*=(__half &a, const __half &b) { a = __hmul(a, b); return a; }
static __device__ __forceinline__ __half &operator/=(__half &a, const __half &b) { a = __hdiv(a, b); return a; }
static __device__ __forceinline__ __half operator+(const __half &a) { return a; }
static __device__ __forceinline__ __half operator-(const __half &a) { __half r; r.__x = (unsigned short)(a.__x ^ 0x8000u); return r; }
static __device__ __forceinline__ bool operator==(const __half &a, const __half &b) { return __half2float(a) == __half2float(b); }
static __device__ __forceinline__ bool operator!=(const __half &a, const __half &b) { return __half2float(a) != __half2float(b); }
static __device__ __forceinline__ bool operator<(const __half &a, const __half &b) { return __half2float(a) < __half2float(b); }
static __device__ __forceinline__ bool operator>(const __half &a, const __half &b) { return __half2float(a) > __half2float(b); }
static __device__ __forceinline__ bool operator<=(const __half &a, const __half &b) { return __half2float(a) <= __half2float(b); }
static __device__ __forceinline__ bool operator>=(const __half &a, const __half &b) { return __half2float(a) >= __half2float(b); }
static __device__ __forceinline__ __half2 operator+(const __half2 &a, const __half2 &b) { __half2 r; r.x = __hadd(a.x, b.x); r.y = __hadd(a.y, b.y); return r; }
static __device__ __forceinline__ __half2 operator-(const __half2 &a, const __half2 &b) { __half2 r; r.x = __hsub(a.x, b.x); r.y = __hsub(a.y, b.y); return r; }
static __device__ __forceinline__ __half2 operator*(const __half2 &a, const __half2 &b) { __half2 r; r.x = __hmul(a.x, b.x); r.y = __hmul(a.y, b.y); return r; }
static __device__ __forceinline__ __half2 operator/(const __half2 &a, const __half2 &b) { __half2 r; r.x = __hdiv(a.x, b.x); r.y = __hdiv(a.y, b.y); return r; }
#endif /* __WARPC_CUDA_FP16_H__ */
