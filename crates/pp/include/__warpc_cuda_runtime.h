/*
 * __warpc_cuda_runtime.h: warpc's prelude, force-included before every translation unit (as
 * nvcc force-includes cuda_runtime.h). It is the CUDA device API, written in the C subset the
 * checker supports over the body-less builtins of docs/builtins.md (__nvvm_*, __warpc_*) and
 * libdevice (__nv_*).
 *
 * Sections: CUDA attribute macros; basic typedefs; vector types and make_*; body-less builtin
 * and libdevice declarations; synchronization; warp vote and shuffle; integer intrinsics;
 * atomics; __ldg; timing and traps; reinterpretation and conversion intrinsics; fast float
 * intrinsics; the math library (float, double, C++ float overloads); min/max/abs; texture and
 * surface objects (__warpc_texture.h).
 */
#ifndef __WARPC_PRELUDE__
#define __WARPC_PRELUDE__

/* nvcc's cuda_runtime.h brings <stddef.h>, so NULL is always defined (g++'s `__null` is an
   integer null pointer constant; `0L` behaves the same for warpc). */
#ifndef NULL
#define NULL 0L
#endif

#define __device_builtin__
#define __cudart_builtin__
#ifndef CUDARTAPI
#define CUDARTAPI
#endif
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __builtin_align__(n) __align__(n)
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#define CUDART_VERSION 13050
#define __CUDART_API_VERSION 13050
/* vector_types.h's bracket around uses of the deprecated vector types (double4, long4, ...);
   nvcc's spelling only pushes and pops diagnostic state, which warpc has no use for. */
#define __NV_SILENCE_HOST_DEPRECATION_BEGIN
#define __NV_SILENCE_HOST_DEPRECATION_END
#define __NV_SILENCE_DEPRECATION_BEGIN
#define __NV_SILENCE_DEPRECATION_END

/* ---- the builtins and the toolkit's body-less device functions: __warpc_device_builtins.h ---- */
#include "__warpc_device_builtins.h"
typedef long ptrdiff_t;

/* ---- vector types (CUDA's vector_types.h layouts) ---- */
struct char1 { signed char x; }; typedef struct char1 char1;
struct __align__(2) char2 { signed char x, y; }; typedef struct char2 char2;
struct char3 { signed char x, y, z; }; typedef struct char3 char3;
struct __align__(4) char4 { signed char x, y, z, w; }; typedef struct char4 char4;
struct uchar1 { unsigned char x; }; typedef struct uchar1 uchar1;
struct __align__(2) uchar2 { unsigned char x, y; }; typedef struct uchar2 uchar2;
struct uchar3 { unsigned char x, y, z; }; typedef struct uchar3 uchar3;
struct __align__(4) uchar4 { unsigned char x, y, z, w; }; typedef struct uchar4 uchar4;
struct short1 { short x; }; typedef struct short1 short1;
struct __align__(4) short2 { short x, y; }; typedef struct short2 short2;
struct short3 { short x, y, z; }; typedef struct short3 short3;
struct __align__(8) short4 { short x, y, z, w; }; typedef struct short4 short4;
struct ushort1 { unsigned short x; }; typedef struct ushort1 ushort1;
struct __align__(4) ushort2 { unsigned short x, y; }; typedef struct ushort2 ushort2;
struct ushort3 { unsigned short x, y, z; }; typedef struct ushort3 ushort3;
struct __align__(8) ushort4 { unsigned short x, y, z, w; }; typedef struct ushort4 ushort4;
struct int1 { int x; }; typedef struct int1 int1;
struct __align__(8) int2 { int x, y; }; typedef struct int2 int2;
struct int3 { int x, y, z; }; typedef struct int3 int3;
struct __align__(16) int4 { int x, y, z, w; }; typedef struct int4 int4;
struct uint1 { unsigned int x; }; typedef struct uint1 uint1;
struct __align__(8) uint2 { unsigned int x, y; }; typedef struct uint2 uint2;
struct uint3 { unsigned int x, y, z; }; typedef struct uint3 uint3;
struct __align__(16) uint4 { unsigned int x, y, z, w; }; typedef struct uint4 uint4;
struct long1 { long x; }; typedef struct long1 long1;
struct __align__(16) long2 { long x, y; }; typedef struct long2 long2;
struct long3 { long x, y, z; }; typedef struct long3 long3;
struct __align__(16) long4 { long x, y, z, w; }; typedef struct long4 long4;
struct ulong1 { unsigned long x; }; typedef struct ulong1 ulong1;
struct __align__(16) ulong2 { unsigned long x, y; }; typedef struct ulong2 ulong2;
struct ulong3 { unsigned long x, y, z; }; typedef struct ulong3 ulong3;
struct __align__(16) ulong4 { unsigned long x, y, z, w; }; typedef struct ulong4 ulong4;
struct longlong1 { long long x; }; typedef struct longlong1 longlong1;
struct __align__(16) longlong2 { long long x, y; }; typedef struct longlong2 longlong2;
struct longlong3 { long long x, y, z; }; typedef struct longlong3 longlong3;
struct __align__(16) longlong4 { long long x, y, z, w; }; typedef struct longlong4 longlong4;
struct ulonglong1 { unsigned long long x; }; typedef struct ulonglong1 ulonglong1;
struct __align__(16) ulonglong2 { unsigned long long x, y; }; typedef struct ulonglong2 ulonglong2;
struct ulonglong3 { unsigned long long x, y, z; }; typedef struct ulonglong3 ulonglong3;
struct __align__(16) ulonglong4 { unsigned long long x, y, z, w; }; typedef struct ulonglong4 ulonglong4;
struct float1 { float x; }; typedef struct float1 float1;
struct __align__(8) float2 { float x, y; }; typedef struct float2 float2;
struct float3 { float x, y, z; }; typedef struct float3 float3;
struct __align__(16) float4 { float x, y, z, w; }; typedef struct float4 float4;
struct double1 { double x; }; typedef struct double1 double1;
struct __align__(16) double2 { double x, y; }; typedef struct double2 double2;
struct double3 { double x, y, z; }; typedef struct double3 double3;
struct __align__(16) double4 { double x, y, z, w; }; typedef struct double4 double4;
struct __align__(16) long4_16a { long x, y, z, w; }; typedef struct long4_16a long4_16a;
struct __align__(32) long4_32a { long x, y, z, w; }; typedef struct long4_32a long4_32a;
struct __align__(16) ulong4_16a { unsigned long x, y, z, w; }; typedef struct ulong4_16a ulong4_16a;
struct __align__(32) ulong4_32a { unsigned long x, y, z, w; }; typedef struct ulong4_32a ulong4_32a;
struct __align__(16) longlong4_16a { long long x, y, z, w; }; typedef struct longlong4_16a longlong4_16a;
struct __align__(32) longlong4_32a { long long x, y, z, w; }; typedef struct longlong4_32a longlong4_32a;
struct __align__(16) ulonglong4_16a { unsigned long long x, y, z, w; }; typedef struct ulonglong4_16a ulonglong4_16a;
struct __align__(32) ulonglong4_32a { unsigned long long x, y, z, w; }; typedef struct ulonglong4_32a ulonglong4_32a;
struct __align__(16) double4_16a { double x, y, z, w; }; typedef struct double4_16a double4_16a;
struct __align__(32) double4_32a { double x, y, z, w; }; typedef struct double4_32a double4_32a;
/* CUDA's dim3 (vector_types.h): its own class, so kernels taking one mangle as nvcc's `4dim3`. */
struct dim3 {
    unsigned int x, y, z;
    __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
    __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    __host__ __device__ constexpr operator uint3(void) const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;
/* The toolkit's guards of the two headers the above and the make_* below stand in for: with
   `-I <toolkit>/include` (as CuPy compiles), `#include <vector_types.h>` finds the toolkit's copy,
   which then declares nothing (nvcc's cuda_runtime.h and NVRTC's builtin headers define both). */
#define __VECTOR_TYPES_H__
#define __VECTOR_FUNCTIONS_H__

/* ---- make_* ---- */
static __host__ __device__ __forceinline__ char1 make_char1(signed char x) { char1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ char2 make_char2(signed char x, signed char y) { char2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ char3 make_char3(signed char x, signed char y, signed char z) { char3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ char4 make_char4(signed char x, signed char y, signed char z, signed char w) { char4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ uchar1 make_uchar1(unsigned char x) { uchar1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ uchar2 make_uchar2(unsigned char x, unsigned char y) { uchar2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z) { uchar3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) { uchar4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ short1 make_short1(short x) { short1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ short2 make_short2(short x, short y) { short2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ short3 make_short3(short x, short y, short z) { short3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ short4 make_short4(short x, short y, short z, short w) { short4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ ushort1 make_ushort1(unsigned short x) { ushort1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ ushort2 make_ushort2(unsigned short x, unsigned short y) { ushort2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z) { ushort3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w) { ushort4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ int1 make_int1(int x) { int1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ int2 make_int2(int x, int y) { int2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ int3 make_int3(int x, int y, int z) { int3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ int4 make_int4(int x, int y, int z, int w) { int4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ uint1 make_uint1(unsigned int x) { uint1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ uint2 make_uint2(unsigned int x, unsigned int y) { uint2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { uint3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w) { uint4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ long1 make_long1(long x) { long1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ long2 make_long2(long x, long y) { long2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ long3 make_long3(long x, long y, long z) { long3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ long4 make_long4(long x, long y, long z, long w) { long4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ ulong1 make_ulong1(unsigned long x) { ulong1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ ulong2 make_ulong2(unsigned long x, unsigned long y) { ulong2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ ulong3 make_ulong3(unsigned long x, unsigned long y, unsigned long z) { ulong3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ ulong4 make_ulong4(unsigned long x, unsigned long y, unsigned long z, unsigned long w) { ulong4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ longlong1 make_longlong1(long long x) { longlong1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ longlong2 make_longlong2(long long x, long long y) { longlong2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ longlong3 make_longlong3(long long x, long long y, long long z) { longlong3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ longlong4 make_longlong4(long long x, long long y, long long z, long long w) { longlong4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ ulonglong1 make_ulonglong1(unsigned long long x) { ulonglong1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y) { ulonglong2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ ulonglong3 make_ulonglong3(unsigned long long x, unsigned long long y, unsigned long long z) { ulonglong3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ ulonglong4 make_ulonglong4(unsigned long long x, unsigned long long y, unsigned long long z, unsigned long long w) { ulonglong4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ float1 make_float1(float x) { float1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ float2 make_float2(float x, float y) { float2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ float3 make_float3(float x, float y, float z) { float3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ float4 make_float4(float x, float y, float z, float w) { float4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ double1 make_double1(double x) { double1 t; t.x = x; return t; }
static __host__ __device__ __forceinline__ double2 make_double2(double x, double y) { double2 t; t.x = x; t.y = y; return t; }
static __host__ __device__ __forceinline__ double3 make_double3(double x, double y, double z) { double3 t; t.x = x; t.y = y; t.z = z; return t; }
static __host__ __device__ __forceinline__ double4 make_double4(double x, double y, double z, double w) { double4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ long4_16a make_long4_16a(long x, long y, long z, long w) { long4_16a t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ long4_32a make_long4_32a(long x, long y, long z, long w) { long4_32a t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ ulong4_16a make_ulong4_16a(unsigned long x, unsigned long y, unsigned long z, unsigned long w) { ulong4_16a t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ ulong4_32a make_ulong4_32a(unsigned long x, unsigned long y, unsigned long z, unsigned long w) { ulong4_32a t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ longlong4_16a make_longlong4_16a(long long x, long long y, long long z, long long w) { longlong4_16a t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ longlong4_32a make_longlong4_32a(long long x, long long y, long long z, long long w) { longlong4_32a t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ ulonglong4_16a make_ulonglong4_16a(unsigned long long x, unsigned long long y, unsigned long long z, unsigned long long w) { ulonglong4_16a t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ ulonglong4_32a make_ulonglong4_32a(unsigned long long x, unsigned long long y, unsigned long long z, unsigned long long w) { ulonglong4_32a t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ double4_16a make_double4_16a(double x, double y, double z, double w) { double4_16a t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static __host__ __device__ __forceinline__ double4_32a make_double4_32a(double x, double y, double z, double w) { double4_32a t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }


/* ---- synchronization ---- */
static __device__ __forceinline__ void __barrier_sync(unsigned int id) { __nvvm_barrier_sync(id); }
static __device__ __forceinline__ void __barrier_sync_count(unsigned int id, unsigned int cnt) { __nvvm_barrier_sync_cnt(id, cnt); }
static __device__ __forceinline__ unsigned int __fns(unsigned int mask, unsigned int base, int offset) {
    unsigned int r;
    asm("fns.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(mask), "r"(base), "r"(offset));
    return r;
}
static __device__ __forceinline__ void __syncwarp(unsigned int mask) { __nvvm_bar_warp_sync(mask); }
static __device__ __forceinline__ void __syncwarp(void) { __nvvm_bar_warp_sync(0xffffffffu); }

/* ---- warp vote and shuffle ---- */
static __device__ __forceinline__ unsigned int __ballot_sync(unsigned int mask, int predicate) { return __nvvm_vote_ballot_sync(mask, predicate != 0); }
static __device__ __forceinline__ int __any_sync(unsigned int mask, int predicate) { return __nvvm_vote_any_sync(mask, predicate != 0) ? 1 : 0; }
static __device__ __forceinline__ int __all_sync(unsigned int mask, int predicate) { return __nvvm_vote_all_sync(mask, predicate != 0) ? 1 : 0; }
static __device__ __forceinline__ int __uni_sync(unsigned int mask, int predicate) { return __nvvm_vote_uni_sync(mask, predicate != 0) ? 1 : 0; }
static __device__ __forceinline__ unsigned int __activemask(void) { return __nvvm_activemask(); }
static __device__ __forceinline__ int __shfl_sync(unsigned int mask, int var, int srcLane, int width) { return __nvvm_shfl_sync_idx_i32(mask, var, srcLane, ((32 - width) << 8) | 0x1f); }
static __device__ __forceinline__ unsigned int __shfl_sync(unsigned int mask, unsigned int var, int srcLane, int width) { return (unsigned int)__nvvm_shfl_sync_idx_i32(mask, (int)var, srcLane, ((32 - width) << 8) | 0x1f); }
static __device__ __forceinline__ float __shfl_sync(unsigned int mask, float var, int srcLane, int width) { return __nvvm_shfl_sync_idx_f32(mask, var, srcLane, ((32 - width) << 8) | 0x1f); }
static __device__ __forceinline__ long long __shfl_sync(unsigned int mask, long long var, int srcLane, int width) { int lo = __nvvm_shfl_sync_idx_i32(mask, (int)var, srcLane, ((32 - width) << 8) | 0x1f); int hi = __nvvm_shfl_sync_idx_i32(mask, (int)(var >> 32), srcLane, ((32 - width) << 8) | 0x1f); return (long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo); }
static __device__ __forceinline__ unsigned long long __shfl_sync(unsigned int mask, unsigned long long var, int srcLane, int width) { return (unsigned long long)__shfl_sync(mask, (long long)var, srcLane, width); }
static __device__ __forceinline__ long __shfl_sync(unsigned int mask, long var, int srcLane, int width) { return (long)__shfl_sync(mask, (long long)var, srcLane, width); }
static __device__ __forceinline__ unsigned long __shfl_sync(unsigned int mask, unsigned long var, int srcLane, int width) { return (unsigned long)__shfl_sync(mask, (long long)var, srcLane, width); }
static __device__ __forceinline__ double __shfl_sync(unsigned int mask, double var, int srcLane, int width) { return __nv_longlong_as_double(__shfl_sync(mask, __nv_double_as_longlong(var), srcLane, width)); }
static __device__ __forceinline__ int __shfl_sync(unsigned int mask, int var, int srcLane) { return __nvvm_shfl_sync_idx_i32(mask, var, srcLane, 0x1f); }
static __device__ __forceinline__ unsigned int __shfl_sync(unsigned int mask, unsigned int var, int srcLane) { return (unsigned int)__nvvm_shfl_sync_idx_i32(mask, (int)var, srcLane, 0x1f); }
static __device__ __forceinline__ float __shfl_sync(unsigned int mask, float var, int srcLane) { return __nvvm_shfl_sync_idx_f32(mask, var, srcLane, 0x1f); }
static __device__ __forceinline__ long long __shfl_sync(unsigned int mask, long long var, int srcLane) { int lo = __nvvm_shfl_sync_idx_i32(mask, (int)var, srcLane, 0x1f); int hi = __nvvm_shfl_sync_idx_i32(mask, (int)(var >> 32), srcLane, 0x1f); return (long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo); }
static __device__ __forceinline__ unsigned long long __shfl_sync(unsigned int mask, unsigned long long var, int srcLane) { return (unsigned long long)__shfl_sync(mask, (long long)var, srcLane); }
static __device__ __forceinline__ long __shfl_sync(unsigned int mask, long var, int srcLane) { return (long)__shfl_sync(mask, (long long)var, srcLane); }
static __device__ __forceinline__ unsigned long __shfl_sync(unsigned int mask, unsigned long var, int srcLane) { return (unsigned long)__shfl_sync(mask, (long long)var, srcLane); }
static __device__ __forceinline__ double __shfl_sync(unsigned int mask, double var, int srcLane) { return __nv_longlong_as_double(__shfl_sync(mask, __nv_double_as_longlong(var), srcLane)); }
static __device__ __forceinline__ int __shfl_up_sync(unsigned int mask, int var, unsigned int delta, int width) { return __nvvm_shfl_sync_up_i32(mask, var, (int)delta, (32 - width) << 8); }
static __device__ __forceinline__ unsigned int __shfl_up_sync(unsigned int mask, unsigned int var, unsigned int delta, int width) { return (unsigned int)__nvvm_shfl_sync_up_i32(mask, (int)var, (int)delta, (32 - width) << 8); }
static __device__ __forceinline__ float __shfl_up_sync(unsigned int mask, float var, unsigned int delta, int width) { return __nvvm_shfl_sync_up_f32(mask, var, (int)delta, (32 - width) << 8); }
static __device__ __forceinline__ long long __shfl_up_sync(unsigned int mask, long long var, unsigned int delta, int width) { int lo = __nvvm_shfl_sync_up_i32(mask, (int)var, (int)delta, (32 - width) << 8); int hi = __nvvm_shfl_sync_up_i32(mask, (int)(var >> 32), (int)delta, (32 - width) << 8); return (long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo); }
static __device__ __forceinline__ unsigned long long __shfl_up_sync(unsigned int mask, unsigned long long var, unsigned int delta, int width) { return (unsigned long long)__shfl_up_sync(mask, (long long)var, delta, width); }
static __device__ __forceinline__ long __shfl_up_sync(unsigned int mask, long var, unsigned int delta, int width) { return (long)__shfl_up_sync(mask, (long long)var, delta, width); }
static __device__ __forceinline__ unsigned long __shfl_up_sync(unsigned int mask, unsigned long var, unsigned int delta, int width) { return (unsigned long)__shfl_up_sync(mask, (long long)var, delta, width); }
static __device__ __forceinline__ double __shfl_up_sync(unsigned int mask, double var, unsigned int delta, int width) { return __nv_longlong_as_double(__shfl_up_sync(mask, __nv_double_as_longlong(var), delta, width)); }
static __device__ __forceinline__ int __shfl_up_sync(unsigned int mask, int var, unsigned int delta) { return __nvvm_shfl_sync_up_i32(mask, var, (int)delta, 0); }
static __device__ __forceinline__ unsigned int __shfl_up_sync(unsigned int mask, unsigned int var, unsigned int delta) { return (unsigned int)__nvvm_shfl_sync_up_i32(mask, (int)var, (int)delta, 0); }
static __device__ __forceinline__ float __shfl_up_sync(unsigned int mask, float var, unsigned int delta) { return __nvvm_shfl_sync_up_f32(mask, var, (int)delta, 0); }
static __device__ __forceinline__ long long __shfl_up_sync(unsigned int mask, long long var, unsigned int delta) { int lo = __nvvm_shfl_sync_up_i32(mask, (int)var, (int)delta, 0); int hi = __nvvm_shfl_sync_up_i32(mask, (int)(var >> 32), (int)delta, 0); return (long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo); }
static __device__ __forceinline__ unsigned long long __shfl_up_sync(unsigned int mask, unsigned long long var, unsigned int delta) { return (unsigned long long)__shfl_up_sync(mask, (long long)var, delta); }
static __device__ __forceinline__ long __shfl_up_sync(unsigned int mask, long var, unsigned int delta) { return (long)__shfl_up_sync(mask, (long long)var, delta); }
static __device__ __forceinline__ unsigned long __shfl_up_sync(unsigned int mask, unsigned long var, unsigned int delta) { return (unsigned long)__shfl_up_sync(mask, (long long)var, delta); }
static __device__ __forceinline__ double __shfl_up_sync(unsigned int mask, double var, unsigned int delta) { return __nv_longlong_as_double(__shfl_up_sync(mask, __nv_double_as_longlong(var), delta)); }
static __device__ __forceinline__ int __shfl_down_sync(unsigned int mask, int var, unsigned int delta, int width) { return __nvvm_shfl_sync_down_i32(mask, var, (int)delta, ((32 - width) << 8) | 0x1f); }
static __device__ __forceinline__ unsigned int __shfl_down_sync(unsigned int mask, unsigned int var, unsigned int delta, int width) { return (unsigned int)__nvvm_shfl_sync_down_i32(mask, (int)var, (int)delta, ((32 - width) << 8) | 0x1f); }
static __device__ __forceinline__ float __shfl_down_sync(unsigned int mask, float var, unsigned int delta, int width) { return __nvvm_shfl_sync_down_f32(mask, var, (int)delta, ((32 - width) << 8) | 0x1f); }
static __device__ __forceinline__ long long __shfl_down_sync(unsigned int mask, long long var, unsigned int delta, int width) { int lo = __nvvm_shfl_sync_down_i32(mask, (int)var, (int)delta, ((32 - width) << 8) | 0x1f); int hi = __nvvm_shfl_sync_down_i32(mask, (int)(var >> 32), (int)delta, ((32 - width) << 8) | 0x1f); return (long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo); }
static __device__ __forceinline__ unsigned long long __shfl_down_sync(unsigned int mask, unsigned long long var, unsigned int delta, int width) { return (unsigned long long)__shfl_down_sync(mask, (long long)var, delta, width); }
static __device__ __forceinline__ long __shfl_down_sync(unsigned int mask, long var, unsigned int delta, int width) { return (long)__shfl_down_sync(mask, (long long)var, delta, width); }
static __device__ __forceinline__ unsigned long __shfl_down_sync(unsigned int mask, unsigned long var, unsigned int delta, int width) { return (unsigned long)__shfl_down_sync(mask, (long long)var, delta, width); }
static __device__ __forceinline__ double __shfl_down_sync(unsigned int mask, double var, unsigned int delta, int width) { return __nv_longlong_as_double(__shfl_down_sync(mask, __nv_double_as_longlong(var), delta, width)); }
static __device__ __forceinline__ int __shfl_down_sync(unsigned int mask, int var, unsigned int delta) { return __nvvm_shfl_sync_down_i32(mask, var, (int)delta, 0x1f); }
static __device__ __forceinline__ unsigned int __shfl_down_sync(unsigned int mask, unsigned int var, unsigned int delta) { return (unsigned int)__nvvm_shfl_sync_down_i32(mask, (int)var, (int)delta, 0x1f); }
static __device__ __forceinline__ float __shfl_down_sync(unsigned int mask, float var, unsigned int delta) { return __nvvm_shfl_sync_down_f32(mask, var, (int)delta, 0x1f); }
static __device__ __forceinline__ long long __shfl_down_sync(unsigned int mask, long long var, unsigned int delta) { int lo = __nvvm_shfl_sync_down_i32(mask, (int)var, (int)delta, 0x1f); int hi = __nvvm_shfl_sync_down_i32(mask, (int)(var >> 32), (int)delta, 0x1f); return (long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo); }
static __device__ __forceinline__ unsigned long long __shfl_down_sync(unsigned int mask, unsigned long long var, unsigned int delta) { return (unsigned long long)__shfl_down_sync(mask, (long long)var, delta); }
static __device__ __forceinline__ long __shfl_down_sync(unsigned int mask, long var, unsigned int delta) { return (long)__shfl_down_sync(mask, (long long)var, delta); }
static __device__ __forceinline__ unsigned long __shfl_down_sync(unsigned int mask, unsigned long var, unsigned int delta) { return (unsigned long)__shfl_down_sync(mask, (long long)var, delta); }
static __device__ __forceinline__ double __shfl_down_sync(unsigned int mask, double var, unsigned int delta) { return __nv_longlong_as_double(__shfl_down_sync(mask, __nv_double_as_longlong(var), delta)); }
static __device__ __forceinline__ int __shfl_xor_sync(unsigned int mask, int var, int laneMask, int width) { return __nvvm_shfl_sync_bfly_i32(mask, var, laneMask, ((32 - width) << 8) | 0x1f); }
static __device__ __forceinline__ unsigned int __shfl_xor_sync(unsigned int mask, unsigned int var, int laneMask, int width) { return (unsigned int)__nvvm_shfl_sync_bfly_i32(mask, (int)var, laneMask, ((32 - width) << 8) | 0x1f); }
static __device__ __forceinline__ float __shfl_xor_sync(unsigned int mask, float var, int laneMask, int width) { return __nvvm_shfl_sync_bfly_f32(mask, var, laneMask, ((32 - width) << 8) | 0x1f); }
static __device__ __forceinline__ long long __shfl_xor_sync(unsigned int mask, long long var, int laneMask, int width) { int lo = __nvvm_shfl_sync_bfly_i32(mask, (int)var, laneMask, ((32 - width) << 8) | 0x1f); int hi = __nvvm_shfl_sync_bfly_i32(mask, (int)(var >> 32), laneMask, ((32 - width) << 8) | 0x1f); return (long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo); }
static __device__ __forceinline__ unsigned long long __shfl_xor_sync(unsigned int mask, unsigned long long var, int laneMask, int width) { return (unsigned long long)__shfl_xor_sync(mask, (long long)var, laneMask, width); }
static __device__ __forceinline__ long __shfl_xor_sync(unsigned int mask, long var, int laneMask, int width) { return (long)__shfl_xor_sync(mask, (long long)var, laneMask, width); }
static __device__ __forceinline__ unsigned long __shfl_xor_sync(unsigned int mask, unsigned long var, int laneMask, int width) { return (unsigned long)__shfl_xor_sync(mask, (long long)var, laneMask, width); }
static __device__ __forceinline__ double __shfl_xor_sync(unsigned int mask, double var, int laneMask, int width) { return __nv_longlong_as_double(__shfl_xor_sync(mask, __nv_double_as_longlong(var), laneMask, width)); }
static __device__ __forceinline__ int __shfl_xor_sync(unsigned int mask, int var, int laneMask) { return __nvvm_shfl_sync_bfly_i32(mask, var, laneMask, 0x1f); }
static __device__ __forceinline__ unsigned int __shfl_xor_sync(unsigned int mask, unsigned int var, int laneMask) { return (unsigned int)__nvvm_shfl_sync_bfly_i32(mask, (int)var, laneMask, 0x1f); }
static __device__ __forceinline__ float __shfl_xor_sync(unsigned int mask, float var, int laneMask) { return __nvvm_shfl_sync_bfly_f32(mask, var, laneMask, 0x1f); }
static __device__ __forceinline__ long long __shfl_xor_sync(unsigned int mask, long long var, int laneMask) { int lo = __nvvm_shfl_sync_bfly_i32(mask, (int)var, laneMask, 0x1f); int hi = __nvvm_shfl_sync_bfly_i32(mask, (int)(var >> 32), laneMask, 0x1f); return (long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo); }
static __device__ __forceinline__ unsigned long long __shfl_xor_sync(unsigned int mask, unsigned long long var, int laneMask) { return (unsigned long long)__shfl_xor_sync(mask, (long long)var, laneMask); }
static __device__ __forceinline__ long __shfl_xor_sync(unsigned int mask, long var, int laneMask) { return (long)__shfl_xor_sync(mask, (long long)var, laneMask); }
static __device__ __forceinline__ unsigned long __shfl_xor_sync(unsigned int mask, unsigned long var, int laneMask) { return (unsigned long)__shfl_xor_sync(mask, (long long)var, laneMask); }
static __device__ __forceinline__ double __shfl_xor_sync(unsigned int mask, double var, int laneMask) { return __nv_longlong_as_double(__shfl_xor_sync(mask, __nv_double_as_longlong(var), laneMask)); }

/* ---- integer intrinsics ---- */
static __device__ __forceinline__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) { return __nv_fshl_wrap_impl(hi, lo, shift); }
static __device__ __forceinline__ unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) { return __nv_fshl_clamp_impl(hi, lo, shift); }
static __device__ __forceinline__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) { return __nv_fshr_wrap_impl(hi, lo, shift); }
static __device__ __forceinline__ unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) { return __nv_fshr_clamp_impl(hi, lo, shift); }
static __device__ __forceinline__ int __dp4a(int a, int b, int c) { return __nv_idp4a_s_s_impl(a, b, c); }
static __device__ __forceinline__ unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) { return __nv_idp4a_u_u_impl(a, b, c); }
static __device__ __forceinline__ int __warpc_pack4(char4 v) { return (int)((unsigned char)v.x | ((unsigned int)(unsigned char)v.y << 8) | ((unsigned int)(unsigned char)v.z << 16) | ((unsigned int)(unsigned char)v.w << 24)); }
static __device__ __forceinline__ unsigned int __warpc_pack4(uchar4 v) { return v.x | ((unsigned int)v.y << 8) | ((unsigned int)v.z << 16) | ((unsigned int)v.w << 24); }
static __device__ __forceinline__ int __warpc_pack2(short2 v) { return (int)((unsigned short)v.x | ((unsigned int)(unsigned short)v.y << 16)); }
static __device__ __forceinline__ unsigned int __warpc_pack2(ushort2 v) { return v.x | ((unsigned int)v.y << 16); }
static __device__ __forceinline__ int __dp4a(char4 a, char4 b, int c) { return __nv_idp4a_s_s_impl(__warpc_pack4(a), __warpc_pack4(b), c); }
static __device__ __forceinline__ unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) { return __nv_idp4a_u_u_impl(__warpc_pack4(a), __warpc_pack4(b), c); }
static __device__ __forceinline__ int __dp2a_lo(int a, int b, int c) { return __nv_idp2a_lo_s_s_impl(a, b, c); }
static __device__ __forceinline__ unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c) { return __nv_idp2a_lo_u_u_impl(a, b, c); }
static __device__ __forceinline__ int __dp2a_lo(short2 a, char4 b, int c) { return __nv_idp2a_lo_s_s_impl(__warpc_pack2(a), __warpc_pack4(b), c); }
static __device__ __forceinline__ unsigned int __dp2a_lo(ushort2 a, uchar4 b, unsigned int c) { return __nv_idp2a_lo_u_u_impl(__warpc_pack2(a), __warpc_pack4(b), c); }
static __device__ __forceinline__ int __dp2a_hi(int a, int b, int c) { return __nv_idp2a_hi_s_s_impl(a, b, c); }
static __device__ __forceinline__ unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c) { return __nv_idp2a_hi_u_u_impl(a, b, c); }
static __device__ __forceinline__ int __dp2a_hi(short2 a, char4 b, int c) { return __nv_idp2a_hi_s_s_impl(__warpc_pack2(a), __warpc_pack4(b), c); }
static __device__ __forceinline__ unsigned int __dp2a_hi(ushort2 a, uchar4 b, unsigned int c) { return __nv_idp2a_hi_u_u_impl(__warpc_pack2(a), __warpc_pack4(b), c); }

/* ---- CUDA 12.8 atomics with a memory order and a thread scope: the enums as
 * crt/device_functions.h declares them. */
enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};
/* The builtins themselves: __warpc_device_builtins.h. */

/* ---- atomics (device scope, relaxed) ---- */
static __device__ __forceinline__ int atomicAdd(int *address, int val) { return __warpc_atomic_add(address, val); }
static __device__ __forceinline__ unsigned int atomicAdd(unsigned int *address, unsigned int val) { return __warpc_atomic_add(address, val); }
static __device__ __forceinline__ unsigned long long atomicAdd(unsigned long long *address, unsigned long long val) { return __warpc_atomic_add(address, val); }
static __device__ __forceinline__ float atomicAdd(float *address, float val) { return __warpc_atomic_add(address, val); }
static __device__ __forceinline__ double atomicAdd(double *address, double val) { return __warpc_atomic_add(address, val); }
static __device__ __forceinline__ int atomicSub(int *address, int val) { return __warpc_atomic_add(address, -val); }
static __device__ __forceinline__ unsigned int atomicSub(unsigned int *address, unsigned int val) { return __warpc_atomic_add(address, 0u - val); }
static __device__ __forceinline__ int atomicExch(int *address, int val) { return __warpc_atomic_exch(address, val); }
static __device__ __forceinline__ unsigned int atomicExch(unsigned int *address, unsigned int val) { return __warpc_atomic_exch(address, val); }
static __device__ __forceinline__ unsigned long long atomicExch(unsigned long long *address, unsigned long long val) { return __warpc_atomic_exch(address, val); }
static __device__ __forceinline__ float atomicExch(float *address, float val) { return __warpc_atomic_exch(address, val); }
static __device__ __forceinline__ int atomicMin(int *address, int val) { return __warpc_atomic_min(address, val); }
static __device__ __forceinline__ unsigned int atomicMin(unsigned int *address, unsigned int val) { return __warpc_atomic_min(address, val); }
static __device__ __forceinline__ long long atomicMin(long long *address, long long val) { return __warpc_atomic_min(address, val); }
static __device__ __forceinline__ unsigned long long atomicMin(unsigned long long *address, unsigned long long val) { return __warpc_atomic_min(address, val); }
static __device__ __forceinline__ int atomicMax(int *address, int val) { return __warpc_atomic_max(address, val); }
static __device__ __forceinline__ unsigned int atomicMax(unsigned int *address, unsigned int val) { return __warpc_atomic_max(address, val); }
static __device__ __forceinline__ long long atomicMax(long long *address, long long val) { return __warpc_atomic_max(address, val); }
static __device__ __forceinline__ unsigned long long atomicMax(unsigned long long *address, unsigned long long val) { return __warpc_atomic_max(address, val); }
static __device__ __forceinline__ unsigned int atomicInc(unsigned int *address, unsigned int val) { return __warpc_atomic_inc(address, val); }
static __device__ __forceinline__ unsigned int atomicDec(unsigned int *address, unsigned int val) { return __warpc_atomic_dec(address, val); }
static __device__ __forceinline__ int atomicCAS(int *address, int compare, int val) { return __warpc_atomic_cas(address, compare, val); }
static __device__ __forceinline__ unsigned int atomicCAS(unsigned int *address, unsigned int compare, unsigned int val) { return __warpc_atomic_cas(address, compare, val); }
static __device__ __forceinline__ unsigned long long atomicCAS(unsigned long long *address, unsigned long long compare, unsigned long long val) { return __warpc_atomic_cas(address, compare, val); }
#if __CUDA_ARCH__ >= 700
/* sm_70_rt.h declares the 16-bit atomicCAS from sm_70 on (PTX atom.cas.b16). */
static __device__ __forceinline__ unsigned short atomicCAS(unsigned short *address, unsigned short compare, unsigned short val) { return __warpc_atomic_cas(address, compare, val); }
#endif
static __device__ __forceinline__ int atomicAnd(int *address, int val) { return __warpc_atomic_and(address, val); }
static __device__ __forceinline__ unsigned int atomicAnd(unsigned int *address, unsigned int val) { return __warpc_atomic_and(address, val); }
static __device__ __forceinline__ unsigned long long atomicAnd(unsigned long long *address, unsigned long long val) { return __warpc_atomic_and(address, val); }
static __device__ __forceinline__ int atomicOr(int *address, int val) { return __warpc_atomic_or(address, val); }
static __device__ __forceinline__ unsigned int atomicOr(unsigned int *address, unsigned int val) { return __warpc_atomic_or(address, val); }
static __device__ __forceinline__ unsigned long long atomicOr(unsigned long long *address, unsigned long long val) { return __warpc_atomic_or(address, val); }
static __device__ __forceinline__ int atomicXor(int *address, int val) { return __warpc_atomic_xor(address, val); }
static __device__ __forceinline__ unsigned int atomicXor(unsigned int *address, unsigned int val) { return __warpc_atomic_xor(address, val); }
static __device__ __forceinline__ unsigned long long atomicXor(unsigned long long *address, unsigned long long val) { return __warpc_atomic_xor(address, val); }
// atomicXxx_block / atomicXxx_system: CUDA's scoped atomics (sm_60+).
static __device__ __forceinline__ int atomicAdd_block(int *address, int val) { return __warpc_atomic_add_block(address, val); }
static __device__ __forceinline__ int atomicAdd_system(int *address, int val) { return __warpc_atomic_add_system(address, val); }
static __device__ __forceinline__ unsigned int atomicAdd_block(unsigned int *address, unsigned int val) { return __warpc_atomic_add_block(address, val); }
static __device__ __forceinline__ unsigned int atomicAdd_system(unsigned int *address, unsigned int val) { return __warpc_atomic_add_system(address, val); }
static __device__ __forceinline__ unsigned long long atomicAdd_block(unsigned long long *address, unsigned long long val) { return __warpc_atomic_add_block(address, val); }
static __device__ __forceinline__ unsigned long long atomicAdd_system(unsigned long long *address, unsigned long long val) { return __warpc_atomic_add_system(address, val); }
static __device__ __forceinline__ float atomicAdd_block(float *address, float val) { return __warpc_atomic_add_block(address, val); }
static __device__ __forceinline__ float atomicAdd_system(float *address, float val) { return __warpc_atomic_add_system(address, val); }
static __device__ __forceinline__ double atomicAdd_block(double *address, double val) { return __warpc_atomic_add_block(address, val); }
static __device__ __forceinline__ double atomicAdd_system(double *address, double val) { return __warpc_atomic_add_system(address, val); }
static __device__ __forceinline__ int atomicSub_block(int *address, int val) { return __warpc_atomic_add_block(address, -val); }
static __device__ __forceinline__ int atomicSub_system(int *address, int val) { return __warpc_atomic_add_system(address, -val); }
static __device__ __forceinline__ unsigned int atomicSub_block(unsigned int *address, unsigned int val) { return __warpc_atomic_add_block(address, 0u - val); }
static __device__ __forceinline__ unsigned int atomicSub_system(unsigned int *address, unsigned int val) { return __warpc_atomic_add_system(address, 0u - val); }
static __device__ __forceinline__ int atomicExch_block(int *address, int val) { return __warpc_atomic_exch_block(address, val); }
static __device__ __forceinline__ int atomicExch_system(int *address, int val) { return __warpc_atomic_exch_system(address, val); }
static __device__ __forceinline__ unsigned int atomicExch_block(unsigned int *address, unsigned int val) { return __warpc_atomic_exch_block(address, val); }
static __device__ __forceinline__ unsigned int atomicExch_system(unsigned int *address, unsigned int val) { return __warpc_atomic_exch_system(address, val); }
static __device__ __forceinline__ unsigned long long atomicExch_block(unsigned long long *address, unsigned long long val) { return __warpc_atomic_exch_block(address, val); }
static __device__ __forceinline__ unsigned long long atomicExch_system(unsigned long long *address, unsigned long long val) { return __warpc_atomic_exch_system(address, val); }
static __device__ __forceinline__ float atomicExch_block(float *address, float val) { return __warpc_atomic_exch_block(address, val); }
static __device__ __forceinline__ float atomicExch_system(float *address, float val) { return __warpc_atomic_exch_system(address, val); }
static __device__ __forceinline__ int atomicMin_block(int *address, int val) { return __warpc_atomic_min_block(address, val); }
static __device__ __forceinline__ int atomicMin_system(int *address, int val) { return __warpc_atomic_min_system(address, val); }
static __device__ __forceinline__ unsigned int atomicMin_block(unsigned int *address, unsigned int val) { return __warpc_atomic_min_block(address, val); }
static __device__ __forceinline__ unsigned int atomicMin_system(unsigned int *address, unsigned int val) { return __warpc_atomic_min_system(address, val); }
static __device__ __forceinline__ long long atomicMin_block(long long *address, long long val) { return __warpc_atomic_min_block(address, val); }
static __device__ __forceinline__ long long atomicMin_system(long long *address, long long val) { return __warpc_atomic_min_system(address, val); }
static __device__ __forceinline__ unsigned long long atomicMin_block(unsigned long long *address, unsigned long long val) { return __warpc_atomic_min_block(address, val); }
static __device__ __forceinline__ unsigned long long atomicMin_system(unsigned long long *address, unsigned long long val) { return __warpc_atomic_min_system(address, val); }
static __device__ __forceinline__ int atomicMax_block(int *address, int val) { return __warpc_atomic_max_block(address, val); }
static __device__ __forceinline__ int atomicMax_system(int *address, int val) { return __warpc_atomic_max_system(address, val); }
static __device__ __forceinline__ unsigned int atomicMax_block(unsigned int *address, unsigned int val) { return __warpc_atomic_max_block(address, val); }
static __device__ __forceinline__ unsigned int atomicMax_system(unsigned int *address, unsigned int val) { return __warpc_atomic_max_system(address, val); }
static __device__ __forceinline__ long long atomicMax_block(long long *address, long long val) { return __warpc_atomic_max_block(address, val); }
static __device__ __forceinline__ long long atomicMax_system(long long *address, long long val) { return __warpc_atomic_max_system(address, val); }
static __device__ __forceinline__ unsigned long long atomicMax_block(unsigned long long *address, unsigned long long val) { return __warpc_atomic_max_block(address, val); }
static __device__ __forceinline__ unsigned long long atomicMax_system(unsigned long long *address, unsigned long long val) { return __warpc_atomic_max_system(address, val); }
static __device__ __forceinline__ unsigned int atomicInc_block(unsigned int *address, unsigned int val) { return __warpc_atomic_inc_block(address, val); }
static __device__ __forceinline__ unsigned int atomicInc_system(unsigned int *address, unsigned int val) { return __warpc_atomic_inc_system(address, val); }
static __device__ __forceinline__ unsigned int atomicDec_block(unsigned int *address, unsigned int val) { return __warpc_atomic_dec_block(address, val); }
static __device__ __forceinline__ unsigned int atomicDec_system(unsigned int *address, unsigned int val) { return __warpc_atomic_dec_system(address, val); }
static __device__ __forceinline__ int atomicCAS_block(int *address, int compare, int val) { return __warpc_atomic_cas_block(address, compare, val); }
static __device__ __forceinline__ int atomicCAS_system(int *address, int compare, int val) { return __warpc_atomic_cas_system(address, compare, val); }
static __device__ __forceinline__ unsigned int atomicCAS_block(unsigned int *address, unsigned int compare, unsigned int val) { return __warpc_atomic_cas_block(address, compare, val); }
static __device__ __forceinline__ unsigned int atomicCAS_system(unsigned int *address, unsigned int compare, unsigned int val) { return __warpc_atomic_cas_system(address, compare, val); }
static __device__ __forceinline__ unsigned long long atomicCAS_block(unsigned long long *address, unsigned long long compare, unsigned long long val) { return __warpc_atomic_cas_block(address, compare, val); }
static __device__ __forceinline__ unsigned long long atomicCAS_system(unsigned long long *address, unsigned long long compare, unsigned long long val) { return __warpc_atomic_cas_system(address, compare, val); }
static __device__ __forceinline__ unsigned short atomicCAS_block(unsigned short *address, unsigned short compare, unsigned short val) { return __warpc_atomic_cas_block(address, compare, val); }
static __device__ __forceinline__ unsigned short atomicCAS_system(unsigned short *address, unsigned short compare, unsigned short val) { return __warpc_atomic_cas_system(address, compare, val); }
static __device__ __forceinline__ int atomicAnd_block(int *address, int val) { return __warpc_atomic_and_block(address, val); }
static __device__ __forceinline__ int atomicAnd_system(int *address, int val) { return __warpc_atomic_and_system(address, val); }
static __device__ __forceinline__ unsigned int atomicAnd_block(unsigned int *address, unsigned int val) { return __warpc_atomic_and_block(address, val); }
static __device__ __forceinline__ unsigned int atomicAnd_system(unsigned int *address, unsigned int val) { return __warpc_atomic_and_system(address, val); }
static __device__ __forceinline__ unsigned long long atomicAnd_block(unsigned long long *address, unsigned long long val) { return __warpc_atomic_and_block(address, val); }
static __device__ __forceinline__ unsigned long long atomicAnd_system(unsigned long long *address, unsigned long long val) { return __warpc_atomic_and_system(address, val); }
static __device__ __forceinline__ int atomicOr_block(int *address, int val) { return __warpc_atomic_or_block(address, val); }
static __device__ __forceinline__ int atomicOr_system(int *address, int val) { return __warpc_atomic_or_system(address, val); }
static __device__ __forceinline__ unsigned int atomicOr_block(unsigned int *address, unsigned int val) { return __warpc_atomic_or_block(address, val); }
static __device__ __forceinline__ unsigned int atomicOr_system(unsigned int *address, unsigned int val) { return __warpc_atomic_or_system(address, val); }
static __device__ __forceinline__ unsigned long long atomicOr_block(unsigned long long *address, unsigned long long val) { return __warpc_atomic_or_block(address, val); }
static __device__ __forceinline__ unsigned long long atomicOr_system(unsigned long long *address, unsigned long long val) { return __warpc_atomic_or_system(address, val); }
static __device__ __forceinline__ int atomicXor_block(int *address, int val) { return __warpc_atomic_xor_block(address, val); }
static __device__ __forceinline__ int atomicXor_system(int *address, int val) { return __warpc_atomic_xor_system(address, val); }
static __device__ __forceinline__ unsigned int atomicXor_block(unsigned int *address, unsigned int val) { return __warpc_atomic_xor_block(address, val); }
static __device__ __forceinline__ unsigned int atomicXor_system(unsigned int *address, unsigned int val) { return __warpc_atomic_xor_system(address, val); }
static __device__ __forceinline__ unsigned long long atomicXor_block(unsigned long long *address, unsigned long long val) { return __warpc_atomic_xor_block(address, val); }
static __device__ __forceinline__ unsigned long long atomicXor_system(unsigned long long *address, unsigned long long val) { return __warpc_atomic_xor_system(address, val); }

/* ---- read-only global loads ---- */
static __device__ __forceinline__ char __ldg(const char *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ signed char __ldg(const signed char *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ unsigned char __ldg(const unsigned char *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ short __ldg(const short *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ unsigned short __ldg(const unsigned short *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ int __ldg(const int *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ unsigned int __ldg(const unsigned int *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ long __ldg(const long *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ unsigned long __ldg(const unsigned long *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ long long __ldg(const long long *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ unsigned long long __ldg(const unsigned long long *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ float __ldg(const float *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ double __ldg(const double *p) { return __warpc_ldg(p); }
static __device__ __forceinline__ char2 __ldg(const char2 *p) { const signed char *q = (const signed char *)p; return make_char2(__warpc_ldg(q), __warpc_ldg(q + 1)); }
static __device__ __forceinline__ char4 __ldg(const char4 *p) { const signed char *q = (const signed char *)p; return make_char4(__warpc_ldg(q), __warpc_ldg(q + 1), __warpc_ldg(q + 2), __warpc_ldg(q + 3)); }
static __device__ __forceinline__ uchar2 __ldg(const uchar2 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar2(__warpc_ldg(q), __warpc_ldg(q + 1)); }
static __device__ __forceinline__ uchar4 __ldg(const uchar4 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar4(__warpc_ldg(q), __warpc_ldg(q + 1), __warpc_ldg(q + 2), __warpc_ldg(q + 3)); }
static __device__ __forceinline__ short2 __ldg(const short2 *p) { const short *q = (const short *)p; return make_short2(__warpc_ldg(q), __warpc_ldg(q + 1)); }
static __device__ __forceinline__ short4 __ldg(const short4 *p) { const short *q = (const short *)p; return make_short4(__warpc_ldg(q), __warpc_ldg(q + 1), __warpc_ldg(q + 2), __warpc_ldg(q + 3)); }
static __device__ __forceinline__ ushort2 __ldg(const ushort2 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort2(__warpc_ldg(q), __warpc_ldg(q + 1)); }
static __device__ __forceinline__ ushort4 __ldg(const ushort4 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort4(__warpc_ldg(q), __warpc_ldg(q + 1), __warpc_ldg(q + 2), __warpc_ldg(q + 3)); }
static __device__ __forceinline__ int2 __ldg(const int2 *p) { const int *q = (const int *)p; return make_int2(__warpc_ldg(q), __warpc_ldg(q + 1)); }
static __device__ __forceinline__ int4 __ldg(const int4 *p) { const int *q = (const int *)p; return make_int4(__warpc_ldg(q), __warpc_ldg(q + 1), __warpc_ldg(q + 2), __warpc_ldg(q + 3)); }
static __device__ __forceinline__ uint2 __ldg(const uint2 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint2(__warpc_ldg(q), __warpc_ldg(q + 1)); }
static __device__ __forceinline__ uint4 __ldg(const uint4 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint4(__warpc_ldg(q), __warpc_ldg(q + 1), __warpc_ldg(q + 2), __warpc_ldg(q + 3)); }
static __device__ __forceinline__ longlong2 __ldg(const longlong2 *p) { const long long *q = (const long long *)p; return make_longlong2(__warpc_ldg(q), __warpc_ldg(q + 1)); }
static __device__ __forceinline__ ulonglong2 __ldg(const ulonglong2 *p) { const unsigned long long *q = (const unsigned long long *)p; return make_ulonglong2(__warpc_ldg(q), __warpc_ldg(q + 1)); }
static __device__ __forceinline__ float2 __ldg(const float2 *p) { const float *q = (const float *)p; return make_float2(__warpc_ldg(q), __warpc_ldg(q + 1)); }
static __device__ __forceinline__ float4 __ldg(const float4 *p) { const float *q = (const float *)p; return make_float4(__warpc_ldg(q), __warpc_ldg(q + 1), __warpc_ldg(q + 2), __warpc_ldg(q + 3)); }
static __device__ __forceinline__ double2 __ldg(const double2 *p) { const double *q = (const double *)p; return make_double2(__warpc_ldg(q), __warpc_ldg(q + 1)); }

/* ---- cache-operator loads and stores (ld.global.{ca,cg,cs,lu,cv}, st.global.{wb,cg,cs,wt}) ---- */
static __device__ __forceinline__ char __ldca(const char *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ signed char __ldca(const signed char *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ unsigned char __ldca(const unsigned char *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ short __ldca(const short *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ unsigned short __ldca(const unsigned short *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ int __ldca(const int *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ unsigned int __ldca(const unsigned int *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ long __ldca(const long *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ unsigned long __ldca(const unsigned long *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ long long __ldca(const long long *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ unsigned long long __ldca(const unsigned long long *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ float __ldca(const float *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ double __ldca(const double *p) { return __warpc_ld_ca(p); }
static __device__ __forceinline__ char2 __ldca(const char2 *p) { const signed char *q = (const signed char *)p; return make_char2(__warpc_ld_ca(q), __warpc_ld_ca(q + 1)); }
static __device__ __forceinline__ char4 __ldca(const char4 *p) { const signed char *q = (const signed char *)p; return make_char4(__warpc_ld_ca(q), __warpc_ld_ca(q + 1), __warpc_ld_ca(q + 2), __warpc_ld_ca(q + 3)); }
static __device__ __forceinline__ uchar2 __ldca(const uchar2 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar2(__warpc_ld_ca(q), __warpc_ld_ca(q + 1)); }
static __device__ __forceinline__ uchar4 __ldca(const uchar4 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar4(__warpc_ld_ca(q), __warpc_ld_ca(q + 1), __warpc_ld_ca(q + 2), __warpc_ld_ca(q + 3)); }
static __device__ __forceinline__ short2 __ldca(const short2 *p) { const short *q = (const short *)p; return make_short2(__warpc_ld_ca(q), __warpc_ld_ca(q + 1)); }
static __device__ __forceinline__ short4 __ldca(const short4 *p) { const short *q = (const short *)p; return make_short4(__warpc_ld_ca(q), __warpc_ld_ca(q + 1), __warpc_ld_ca(q + 2), __warpc_ld_ca(q + 3)); }
static __device__ __forceinline__ ushort2 __ldca(const ushort2 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort2(__warpc_ld_ca(q), __warpc_ld_ca(q + 1)); }
static __device__ __forceinline__ ushort4 __ldca(const ushort4 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort4(__warpc_ld_ca(q), __warpc_ld_ca(q + 1), __warpc_ld_ca(q + 2), __warpc_ld_ca(q + 3)); }
static __device__ __forceinline__ int2 __ldca(const int2 *p) { const int *q = (const int *)p; return make_int2(__warpc_ld_ca(q), __warpc_ld_ca(q + 1)); }
static __device__ __forceinline__ int4 __ldca(const int4 *p) { const int *q = (const int *)p; return make_int4(__warpc_ld_ca(q), __warpc_ld_ca(q + 1), __warpc_ld_ca(q + 2), __warpc_ld_ca(q + 3)); }
static __device__ __forceinline__ uint2 __ldca(const uint2 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint2(__warpc_ld_ca(q), __warpc_ld_ca(q + 1)); }
static __device__ __forceinline__ uint4 __ldca(const uint4 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint4(__warpc_ld_ca(q), __warpc_ld_ca(q + 1), __warpc_ld_ca(q + 2), __warpc_ld_ca(q + 3)); }
static __device__ __forceinline__ longlong2 __ldca(const longlong2 *p) { const long long *q = (const long long *)p; return make_longlong2(__warpc_ld_ca(q), __warpc_ld_ca(q + 1)); }
static __device__ __forceinline__ ulonglong2 __ldca(const ulonglong2 *p) { const unsigned long long *q = (const unsigned long long *)p; return make_ulonglong2(__warpc_ld_ca(q), __warpc_ld_ca(q + 1)); }
static __device__ __forceinline__ float2 __ldca(const float2 *p) { const float *q = (const float *)p; return make_float2(__warpc_ld_ca(q), __warpc_ld_ca(q + 1)); }
static __device__ __forceinline__ float4 __ldca(const float4 *p) { const float *q = (const float *)p; return make_float4(__warpc_ld_ca(q), __warpc_ld_ca(q + 1), __warpc_ld_ca(q + 2), __warpc_ld_ca(q + 3)); }
static __device__ __forceinline__ double2 __ldca(const double2 *p) { const double *q = (const double *)p; return make_double2(__warpc_ld_ca(q), __warpc_ld_ca(q + 1)); }
static __device__ __forceinline__ char __ldcg(const char *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ signed char __ldcg(const signed char *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ unsigned char __ldcg(const unsigned char *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ short __ldcg(const short *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ unsigned short __ldcg(const unsigned short *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ int __ldcg(const int *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ unsigned int __ldcg(const unsigned int *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ long __ldcg(const long *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ unsigned long __ldcg(const unsigned long *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ long long __ldcg(const long long *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ unsigned long long __ldcg(const unsigned long long *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ float __ldcg(const float *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ double __ldcg(const double *p) { return __warpc_ld_cg(p); }
static __device__ __forceinline__ char2 __ldcg(const char2 *p) { const signed char *q = (const signed char *)p; return make_char2(__warpc_ld_cg(q), __warpc_ld_cg(q + 1)); }
static __device__ __forceinline__ char4 __ldcg(const char4 *p) { const signed char *q = (const signed char *)p; return make_char4(__warpc_ld_cg(q), __warpc_ld_cg(q + 1), __warpc_ld_cg(q + 2), __warpc_ld_cg(q + 3)); }
static __device__ __forceinline__ uchar2 __ldcg(const uchar2 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar2(__warpc_ld_cg(q), __warpc_ld_cg(q + 1)); }
static __device__ __forceinline__ uchar4 __ldcg(const uchar4 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar4(__warpc_ld_cg(q), __warpc_ld_cg(q + 1), __warpc_ld_cg(q + 2), __warpc_ld_cg(q + 3)); }
static __device__ __forceinline__ short2 __ldcg(const short2 *p) { const short *q = (const short *)p; return make_short2(__warpc_ld_cg(q), __warpc_ld_cg(q + 1)); }
static __device__ __forceinline__ short4 __ldcg(const short4 *p) { const short *q = (const short *)p; return make_short4(__warpc_ld_cg(q), __warpc_ld_cg(q + 1), __warpc_ld_cg(q + 2), __warpc_ld_cg(q + 3)); }
static __device__ __forceinline__ ushort2 __ldcg(const ushort2 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort2(__warpc_ld_cg(q), __warpc_ld_cg(q + 1)); }
static __device__ __forceinline__ ushort4 __ldcg(const ushort4 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort4(__warpc_ld_cg(q), __warpc_ld_cg(q + 1), __warpc_ld_cg(q + 2), __warpc_ld_cg(q + 3)); }
static __device__ __forceinline__ int2 __ldcg(const int2 *p) { const int *q = (const int *)p; return make_int2(__warpc_ld_cg(q), __warpc_ld_cg(q + 1)); }
static __device__ __forceinline__ int4 __ldcg(const int4 *p) { const int *q = (const int *)p; return make_int4(__warpc_ld_cg(q), __warpc_ld_cg(q + 1), __warpc_ld_cg(q + 2), __warpc_ld_cg(q + 3)); }
static __device__ __forceinline__ uint2 __ldcg(const uint2 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint2(__warpc_ld_cg(q), __warpc_ld_cg(q + 1)); }
static __device__ __forceinline__ uint4 __ldcg(const uint4 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint4(__warpc_ld_cg(q), __warpc_ld_cg(q + 1), __warpc_ld_cg(q + 2), __warpc_ld_cg(q + 3)); }
static __device__ __forceinline__ longlong2 __ldcg(const longlong2 *p) { const long long *q = (const long long *)p; return make_longlong2(__warpc_ld_cg(q), __warpc_ld_cg(q + 1)); }
static __device__ __forceinline__ ulonglong2 __ldcg(const ulonglong2 *p) { const unsigned long long *q = (const unsigned long long *)p; return make_ulonglong2(__warpc_ld_cg(q), __warpc_ld_cg(q + 1)); }
static __device__ __forceinline__ float2 __ldcg(const float2 *p) { const float *q = (const float *)p; return make_float2(__warpc_ld_cg(q), __warpc_ld_cg(q + 1)); }
static __device__ __forceinline__ float4 __ldcg(const float4 *p) { const float *q = (const float *)p; return make_float4(__warpc_ld_cg(q), __warpc_ld_cg(q + 1), __warpc_ld_cg(q + 2), __warpc_ld_cg(q + 3)); }
static __device__ __forceinline__ double2 __ldcg(const double2 *p) { const double *q = (const double *)p; return make_double2(__warpc_ld_cg(q), __warpc_ld_cg(q + 1)); }
static __device__ __forceinline__ char __ldcs(const char *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ signed char __ldcs(const signed char *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ unsigned char __ldcs(const unsigned char *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ short __ldcs(const short *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ unsigned short __ldcs(const unsigned short *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ int __ldcs(const int *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ unsigned int __ldcs(const unsigned int *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ long __ldcs(const long *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ unsigned long __ldcs(const unsigned long *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ long long __ldcs(const long long *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ unsigned long long __ldcs(const unsigned long long *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ float __ldcs(const float *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ double __ldcs(const double *p) { return __warpc_ld_cs(p); }
static __device__ __forceinline__ char2 __ldcs(const char2 *p) { const signed char *q = (const signed char *)p; return make_char2(__warpc_ld_cs(q), __warpc_ld_cs(q + 1)); }
static __device__ __forceinline__ char4 __ldcs(const char4 *p) { const signed char *q = (const signed char *)p; return make_char4(__warpc_ld_cs(q), __warpc_ld_cs(q + 1), __warpc_ld_cs(q + 2), __warpc_ld_cs(q + 3)); }
static __device__ __forceinline__ uchar2 __ldcs(const uchar2 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar2(__warpc_ld_cs(q), __warpc_ld_cs(q + 1)); }
static __device__ __forceinline__ uchar4 __ldcs(const uchar4 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar4(__warpc_ld_cs(q), __warpc_ld_cs(q + 1), __warpc_ld_cs(q + 2), __warpc_ld_cs(q + 3)); }
static __device__ __forceinline__ short2 __ldcs(const short2 *p) { const short *q = (const short *)p; return make_short2(__warpc_ld_cs(q), __warpc_ld_cs(q + 1)); }
static __device__ __forceinline__ short4 __ldcs(const short4 *p) { const short *q = (const short *)p; return make_short4(__warpc_ld_cs(q), __warpc_ld_cs(q + 1), __warpc_ld_cs(q + 2), __warpc_ld_cs(q + 3)); }
static __device__ __forceinline__ ushort2 __ldcs(const ushort2 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort2(__warpc_ld_cs(q), __warpc_ld_cs(q + 1)); }
static __device__ __forceinline__ ushort4 __ldcs(const ushort4 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort4(__warpc_ld_cs(q), __warpc_ld_cs(q + 1), __warpc_ld_cs(q + 2), __warpc_ld_cs(q + 3)); }
static __device__ __forceinline__ int2 __ldcs(const int2 *p) { const int *q = (const int *)p; return make_int2(__warpc_ld_cs(q), __warpc_ld_cs(q + 1)); }
static __device__ __forceinline__ int4 __ldcs(const int4 *p) { const int *q = (const int *)p; return make_int4(__warpc_ld_cs(q), __warpc_ld_cs(q + 1), __warpc_ld_cs(q + 2), __warpc_ld_cs(q + 3)); }
static __device__ __forceinline__ uint2 __ldcs(const uint2 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint2(__warpc_ld_cs(q), __warpc_ld_cs(q + 1)); }
static __device__ __forceinline__ uint4 __ldcs(const uint4 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint4(__warpc_ld_cs(q), __warpc_ld_cs(q + 1), __warpc_ld_cs(q + 2), __warpc_ld_cs(q + 3)); }
static __device__ __forceinline__ longlong2 __ldcs(const longlong2 *p) { const long long *q = (const long long *)p; return make_longlong2(__warpc_ld_cs(q), __warpc_ld_cs(q + 1)); }
static __device__ __forceinline__ ulonglong2 __ldcs(const ulonglong2 *p) { const unsigned long long *q = (const unsigned long long *)p; return make_ulonglong2(__warpc_ld_cs(q), __warpc_ld_cs(q + 1)); }
static __device__ __forceinline__ float2 __ldcs(const float2 *p) { const float *q = (const float *)p; return make_float2(__warpc_ld_cs(q), __warpc_ld_cs(q + 1)); }
static __device__ __forceinline__ float4 __ldcs(const float4 *p) { const float *q = (const float *)p; return make_float4(__warpc_ld_cs(q), __warpc_ld_cs(q + 1), __warpc_ld_cs(q + 2), __warpc_ld_cs(q + 3)); }
static __device__ __forceinline__ double2 __ldcs(const double2 *p) { const double *q = (const double *)p; return make_double2(__warpc_ld_cs(q), __warpc_ld_cs(q + 1)); }
static __device__ __forceinline__ char __ldlu(const char *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ signed char __ldlu(const signed char *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ unsigned char __ldlu(const unsigned char *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ short __ldlu(const short *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ unsigned short __ldlu(const unsigned short *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ int __ldlu(const int *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ unsigned int __ldlu(const unsigned int *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ long __ldlu(const long *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ unsigned long __ldlu(const unsigned long *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ long long __ldlu(const long long *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ unsigned long long __ldlu(const unsigned long long *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ float __ldlu(const float *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ double __ldlu(const double *p) { return __warpc_ld_lu(p); }
static __device__ __forceinline__ char2 __ldlu(const char2 *p) { const signed char *q = (const signed char *)p; return make_char2(__warpc_ld_lu(q), __warpc_ld_lu(q + 1)); }
static __device__ __forceinline__ char4 __ldlu(const char4 *p) { const signed char *q = (const signed char *)p; return make_char4(__warpc_ld_lu(q), __warpc_ld_lu(q + 1), __warpc_ld_lu(q + 2), __warpc_ld_lu(q + 3)); }
static __device__ __forceinline__ uchar2 __ldlu(const uchar2 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar2(__warpc_ld_lu(q), __warpc_ld_lu(q + 1)); }
static __device__ __forceinline__ uchar4 __ldlu(const uchar4 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar4(__warpc_ld_lu(q), __warpc_ld_lu(q + 1), __warpc_ld_lu(q + 2), __warpc_ld_lu(q + 3)); }
static __device__ __forceinline__ short2 __ldlu(const short2 *p) { const short *q = (const short *)p; return make_short2(__warpc_ld_lu(q), __warpc_ld_lu(q + 1)); }
static __device__ __forceinline__ short4 __ldlu(const short4 *p) { const short *q = (const short *)p; return make_short4(__warpc_ld_lu(q), __warpc_ld_lu(q + 1), __warpc_ld_lu(q + 2), __warpc_ld_lu(q + 3)); }
static __device__ __forceinline__ ushort2 __ldlu(const ushort2 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort2(__warpc_ld_lu(q), __warpc_ld_lu(q + 1)); }
static __device__ __forceinline__ ushort4 __ldlu(const ushort4 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort4(__warpc_ld_lu(q), __warpc_ld_lu(q + 1), __warpc_ld_lu(q + 2), __warpc_ld_lu(q + 3)); }
static __device__ __forceinline__ int2 __ldlu(const int2 *p) { const int *q = (const int *)p; return make_int2(__warpc_ld_lu(q), __warpc_ld_lu(q + 1)); }
static __device__ __forceinline__ int4 __ldlu(const int4 *p) { const int *q = (const int *)p; return make_int4(__warpc_ld_lu(q), __warpc_ld_lu(q + 1), __warpc_ld_lu(q + 2), __warpc_ld_lu(q + 3)); }
static __device__ __forceinline__ uint2 __ldlu(const uint2 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint2(__warpc_ld_lu(q), __warpc_ld_lu(q + 1)); }
static __device__ __forceinline__ uint4 __ldlu(const uint4 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint4(__warpc_ld_lu(q), __warpc_ld_lu(q + 1), __warpc_ld_lu(q + 2), __warpc_ld_lu(q + 3)); }
static __device__ __forceinline__ longlong2 __ldlu(const longlong2 *p) { const long long *q = (const long long *)p; return make_longlong2(__warpc_ld_lu(q), __warpc_ld_lu(q + 1)); }
static __device__ __forceinline__ ulonglong2 __ldlu(const ulonglong2 *p) { const unsigned long long *q = (const unsigned long long *)p; return make_ulonglong2(__warpc_ld_lu(q), __warpc_ld_lu(q + 1)); }
static __device__ __forceinline__ float2 __ldlu(const float2 *p) { const float *q = (const float *)p; return make_float2(__warpc_ld_lu(q), __warpc_ld_lu(q + 1)); }
static __device__ __forceinline__ float4 __ldlu(const float4 *p) { const float *q = (const float *)p; return make_float4(__warpc_ld_lu(q), __warpc_ld_lu(q + 1), __warpc_ld_lu(q + 2), __warpc_ld_lu(q + 3)); }
static __device__ __forceinline__ double2 __ldlu(const double2 *p) { const double *q = (const double *)p; return make_double2(__warpc_ld_lu(q), __warpc_ld_lu(q + 1)); }
static __device__ __forceinline__ char __ldcv(const char *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ signed char __ldcv(const signed char *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ unsigned char __ldcv(const unsigned char *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ short __ldcv(const short *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ unsigned short __ldcv(const unsigned short *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ int __ldcv(const int *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ unsigned int __ldcv(const unsigned int *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ long __ldcv(const long *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ unsigned long __ldcv(const unsigned long *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ long long __ldcv(const long long *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ unsigned long long __ldcv(const unsigned long long *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ float __ldcv(const float *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ double __ldcv(const double *p) { return __warpc_ld_cv(p); }
static __device__ __forceinline__ char2 __ldcv(const char2 *p) { const signed char *q = (const signed char *)p; return make_char2(__warpc_ld_cv(q), __warpc_ld_cv(q + 1)); }
static __device__ __forceinline__ char4 __ldcv(const char4 *p) { const signed char *q = (const signed char *)p; return make_char4(__warpc_ld_cv(q), __warpc_ld_cv(q + 1), __warpc_ld_cv(q + 2), __warpc_ld_cv(q + 3)); }
static __device__ __forceinline__ uchar2 __ldcv(const uchar2 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar2(__warpc_ld_cv(q), __warpc_ld_cv(q + 1)); }
static __device__ __forceinline__ uchar4 __ldcv(const uchar4 *p) { const unsigned char *q = (const unsigned char *)p; return make_uchar4(__warpc_ld_cv(q), __warpc_ld_cv(q + 1), __warpc_ld_cv(q + 2), __warpc_ld_cv(q + 3)); }
static __device__ __forceinline__ short2 __ldcv(const short2 *p) { const short *q = (const short *)p; return make_short2(__warpc_ld_cv(q), __warpc_ld_cv(q + 1)); }
static __device__ __forceinline__ short4 __ldcv(const short4 *p) { const short *q = (const short *)p; return make_short4(__warpc_ld_cv(q), __warpc_ld_cv(q + 1), __warpc_ld_cv(q + 2), __warpc_ld_cv(q + 3)); }
static __device__ __forceinline__ ushort2 __ldcv(const ushort2 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort2(__warpc_ld_cv(q), __warpc_ld_cv(q + 1)); }
static __device__ __forceinline__ ushort4 __ldcv(const ushort4 *p) { const unsigned short *q = (const unsigned short *)p; return make_ushort4(__warpc_ld_cv(q), __warpc_ld_cv(q + 1), __warpc_ld_cv(q + 2), __warpc_ld_cv(q + 3)); }
static __device__ __forceinline__ int2 __ldcv(const int2 *p) { const int *q = (const int *)p; return make_int2(__warpc_ld_cv(q), __warpc_ld_cv(q + 1)); }
static __device__ __forceinline__ int4 __ldcv(const int4 *p) { const int *q = (const int *)p; return make_int4(__warpc_ld_cv(q), __warpc_ld_cv(q + 1), __warpc_ld_cv(q + 2), __warpc_ld_cv(q + 3)); }
static __device__ __forceinline__ uint2 __ldcv(const uint2 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint2(__warpc_ld_cv(q), __warpc_ld_cv(q + 1)); }
static __device__ __forceinline__ uint4 __ldcv(const uint4 *p) { const unsigned int *q = (const unsigned int *)p; return make_uint4(__warpc_ld_cv(q), __warpc_ld_cv(q + 1), __warpc_ld_cv(q + 2), __warpc_ld_cv(q + 3)); }
static __device__ __forceinline__ longlong2 __ldcv(const longlong2 *p) { const long long *q = (const long long *)p; return make_longlong2(__warpc_ld_cv(q), __warpc_ld_cv(q + 1)); }
static __device__ __forceinline__ ulonglong2 __ldcv(const ulonglong2 *p) { const unsigned long long *q = (const unsigned long long *)p; return make_ulonglong2(__warpc_ld_cv(q), __warpc_ld_cv(q + 1)); }
static __device__ __forceinline__ float2 __ldcv(const float2 *p) { const float *q = (const float *)p; return make_float2(__warpc_ld_cv(q), __warpc_ld_cv(q + 1)); }
static __device__ __forceinline__ float4 __ldcv(const float4 *p) { const float *q = (const float *)p; return make_float4(__warpc_ld_cv(q), __warpc_ld_cv(q + 1), __warpc_ld_cv(q + 2), __warpc_ld_cv(q + 3)); }
static __device__ __forceinline__ double2 __ldcv(const double2 *p) { const double *q = (const double *)p; return make_double2(__warpc_ld_cv(q), __warpc_ld_cv(q + 1)); }
static __device__ __forceinline__ void __stwb(char *p, char v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(signed char *p, signed char v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(unsigned char *p, unsigned char v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(short *p, short v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(unsigned short *p, unsigned short v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(int *p, int v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(unsigned int *p, unsigned int v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(long *p, long v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(unsigned long *p, unsigned long v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(long long *p, long long v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(unsigned long long *p, unsigned long long v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(float *p, float v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(double *p, double v) { __warpc_st_wb(p, v); }
static __device__ __forceinline__ void __stwb(char2 *p, char2 v) { signed char *q = (signed char *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); }
static __device__ __forceinline__ void __stwb(char4 *p, char4 v) { signed char *q = (signed char *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); __warpc_st_wb(q + 2, v.z); __warpc_st_wb(q + 3, v.w); }
static __device__ __forceinline__ void __stwb(uchar2 *p, uchar2 v) { unsigned char *q = (unsigned char *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); }
static __device__ __forceinline__ void __stwb(uchar4 *p, uchar4 v) { unsigned char *q = (unsigned char *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); __warpc_st_wb(q + 2, v.z); __warpc_st_wb(q + 3, v.w); }
static __device__ __forceinline__ void __stwb(short2 *p, short2 v) { short *q = (short *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); }
static __device__ __forceinline__ void __stwb(short4 *p, short4 v) { short *q = (short *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); __warpc_st_wb(q + 2, v.z); __warpc_st_wb(q + 3, v.w); }
static __device__ __forceinline__ void __stwb(ushort2 *p, ushort2 v) { unsigned short *q = (unsigned short *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); }
static __device__ __forceinline__ void __stwb(ushort4 *p, ushort4 v) { unsigned short *q = (unsigned short *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); __warpc_st_wb(q + 2, v.z); __warpc_st_wb(q + 3, v.w); }
static __device__ __forceinline__ void __stwb(int2 *p, int2 v) { int *q = (int *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); }
static __device__ __forceinline__ void __stwb(int4 *p, int4 v) { int *q = (int *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); __warpc_st_wb(q + 2, v.z); __warpc_st_wb(q + 3, v.w); }
static __device__ __forceinline__ void __stwb(uint2 *p, uint2 v) { unsigned int *q = (unsigned int *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); }
static __device__ __forceinline__ void __stwb(uint4 *p, uint4 v) { unsigned int *q = (unsigned int *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); __warpc_st_wb(q + 2, v.z); __warpc_st_wb(q + 3, v.w); }
static __device__ __forceinline__ void __stwb(longlong2 *p, longlong2 v) { long long *q = (long long *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); }
static __device__ __forceinline__ void __stwb(ulonglong2 *p, ulonglong2 v) { unsigned long long *q = (unsigned long long *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); }
static __device__ __forceinline__ void __stwb(float2 *p, float2 v) { float *q = (float *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); }
static __device__ __forceinline__ void __stwb(float4 *p, float4 v) { float *q = (float *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); __warpc_st_wb(q + 2, v.z); __warpc_st_wb(q + 3, v.w); }
static __device__ __forceinline__ void __stwb(double2 *p, double2 v) { double *q = (double *)p; __warpc_st_wb(q + 0, v.x); __warpc_st_wb(q + 1, v.y); }
static __device__ __forceinline__ void __stcg(char *p, char v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(signed char *p, signed char v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(unsigned char *p, unsigned char v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(short *p, short v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(unsigned short *p, unsigned short v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(int *p, int v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(unsigned int *p, unsigned int v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(long *p, long v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(unsigned long *p, unsigned long v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(long long *p, long long v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(unsigned long long *p, unsigned long long v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(float *p, float v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(double *p, double v) { __warpc_st_cg(p, v); }
static __device__ __forceinline__ void __stcg(char2 *p, char2 v) { signed char *q = (signed char *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); }
static __device__ __forceinline__ void __stcg(char4 *p, char4 v) { signed char *q = (signed char *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); __warpc_st_cg(q + 2, v.z); __warpc_st_cg(q + 3, v.w); }
static __device__ __forceinline__ void __stcg(uchar2 *p, uchar2 v) { unsigned char *q = (unsigned char *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); }
static __device__ __forceinline__ void __stcg(uchar4 *p, uchar4 v) { unsigned char *q = (unsigned char *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); __warpc_st_cg(q + 2, v.z); __warpc_st_cg(q + 3, v.w); }
static __device__ __forceinline__ void __stcg(short2 *p, short2 v) { short *q = (short *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); }
static __device__ __forceinline__ void __stcg(short4 *p, short4 v) { short *q = (short *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); __warpc_st_cg(q + 2, v.z); __warpc_st_cg(q + 3, v.w); }
static __device__ __forceinline__ void __stcg(ushort2 *p, ushort2 v) { unsigned short *q = (unsigned short *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); }
static __device__ __forceinline__ void __stcg(ushort4 *p, ushort4 v) { unsigned short *q = (unsigned short *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); __warpc_st_cg(q + 2, v.z); __warpc_st_cg(q + 3, v.w); }
static __device__ __forceinline__ void __stcg(int2 *p, int2 v) { int *q = (int *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); }
static __device__ __forceinline__ void __stcg(int4 *p, int4 v) { int *q = (int *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); __warpc_st_cg(q + 2, v.z); __warpc_st_cg(q + 3, v.w); }
static __device__ __forceinline__ void __stcg(uint2 *p, uint2 v) { unsigned int *q = (unsigned int *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); }
static __device__ __forceinline__ void __stcg(uint4 *p, uint4 v) { unsigned int *q = (unsigned int *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); __warpc_st_cg(q + 2, v.z); __warpc_st_cg(q + 3, v.w); }
static __device__ __forceinline__ void __stcg(longlong2 *p, longlong2 v) { long long *q = (long long *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); }
static __device__ __forceinline__ void __stcg(ulonglong2 *p, ulonglong2 v) { unsigned long long *q = (unsigned long long *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); }
static __device__ __forceinline__ void __stcg(float2 *p, float2 v) { float *q = (float *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); }
static __device__ __forceinline__ void __stcg(float4 *p, float4 v) { float *q = (float *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); __warpc_st_cg(q + 2, v.z); __warpc_st_cg(q + 3, v.w); }
static __device__ __forceinline__ void __stcg(double2 *p, double2 v) { double *q = (double *)p; __warpc_st_cg(q + 0, v.x); __warpc_st_cg(q + 1, v.y); }
static __device__ __forceinline__ void __stcs(char *p, char v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(signed char *p, signed char v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(unsigned char *p, unsigned char v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(short *p, short v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(unsigned short *p, unsigned short v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(int *p, int v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(unsigned int *p, unsigned int v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(long *p, long v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(unsigned long *p, unsigned long v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(long long *p, long long v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(unsigned long long *p, unsigned long long v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(float *p, float v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(double *p, double v) { __warpc_st_cs(p, v); }
static __device__ __forceinline__ void __stcs(char2 *p, char2 v) { signed char *q = (signed char *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); }
static __device__ __forceinline__ void __stcs(char4 *p, char4 v) { signed char *q = (signed char *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); __warpc_st_cs(q + 2, v.z); __warpc_st_cs(q + 3, v.w); }
static __device__ __forceinline__ void __stcs(uchar2 *p, uchar2 v) { unsigned char *q = (unsigned char *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); }
static __device__ __forceinline__ void __stcs(uchar4 *p, uchar4 v) { unsigned char *q = (unsigned char *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); __warpc_st_cs(q + 2, v.z); __warpc_st_cs(q + 3, v.w); }
static __device__ __forceinline__ void __stcs(short2 *p, short2 v) { short *q = (short *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); }
static __device__ __forceinline__ void __stcs(short4 *p, short4 v) { short *q = (short *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); __warpc_st_cs(q + 2, v.z); __warpc_st_cs(q + 3, v.w); }
static __device__ __forceinline__ void __stcs(ushort2 *p, ushort2 v) { unsigned short *q = (unsigned short *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); }
static __device__ __forceinline__ void __stcs(ushort4 *p, ushort4 v) { unsigned short *q = (unsigned short *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); __warpc_st_cs(q + 2, v.z); __warpc_st_cs(q + 3, v.w); }
static __device__ __forceinline__ void __stcs(int2 *p, int2 v) { int *q = (int *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); }
static __device__ __forceinline__ void __stcs(int4 *p, int4 v) { int *q = (int *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); __warpc_st_cs(q + 2, v.z); __warpc_st_cs(q + 3, v.w); }
static __device__ __forceinline__ void __stcs(uint2 *p, uint2 v) { unsigned int *q = (unsigned int *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); }
static __device__ __forceinline__ void __stcs(uint4 *p, uint4 v) { unsigned int *q = (unsigned int *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); __warpc_st_cs(q + 2, v.z); __warpc_st_cs(q + 3, v.w); }
static __device__ __forceinline__ void __stcs(longlong2 *p, longlong2 v) { long long *q = (long long *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); }
static __device__ __forceinline__ void __stcs(ulonglong2 *p, ulonglong2 v) { unsigned long long *q = (unsigned long long *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); }
static __device__ __forceinline__ void __stcs(float2 *p, float2 v) { float *q = (float *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); }
static __device__ __forceinline__ void __stcs(float4 *p, float4 v) { float *q = (float *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); __warpc_st_cs(q + 2, v.z); __warpc_st_cs(q + 3, v.w); }
static __device__ __forceinline__ void __stcs(double2 *p, double2 v) { double *q = (double *)p; __warpc_st_cs(q + 0, v.x); __warpc_st_cs(q + 1, v.y); }
static __device__ __forceinline__ void __stwt(char *p, char v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(signed char *p, signed char v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(unsigned char *p, unsigned char v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(short *p, short v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(unsigned short *p, unsigned short v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(int *p, int v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(unsigned int *p, unsigned int v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(long *p, long v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(unsigned long *p, unsigned long v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(long long *p, long long v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(unsigned long long *p, unsigned long long v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(float *p, float v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(double *p, double v) { __warpc_st_wt(p, v); }
static __device__ __forceinline__ void __stwt(char2 *p, char2 v) { signed char *q = (signed char *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); }
static __device__ __forceinline__ void __stwt(char4 *p, char4 v) { signed char *q = (signed char *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); __warpc_st_wt(q + 2, v.z); __warpc_st_wt(q + 3, v.w); }
static __device__ __forceinline__ void __stwt(uchar2 *p, uchar2 v) { unsigned char *q = (unsigned char *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); }
static __device__ __forceinline__ void __stwt(uchar4 *p, uchar4 v) { unsigned char *q = (unsigned char *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); __warpc_st_wt(q + 2, v.z); __warpc_st_wt(q + 3, v.w); }
static __device__ __forceinline__ void __stwt(short2 *p, short2 v) { short *q = (short *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); }
static __device__ __forceinline__ void __stwt(short4 *p, short4 v) { short *q = (short *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); __warpc_st_wt(q + 2, v.z); __warpc_st_wt(q + 3, v.w); }
static __device__ __forceinline__ void __stwt(ushort2 *p, ushort2 v) { unsigned short *q = (unsigned short *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); }
static __device__ __forceinline__ void __stwt(ushort4 *p, ushort4 v) { unsigned short *q = (unsigned short *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); __warpc_st_wt(q + 2, v.z); __warpc_st_wt(q + 3, v.w); }
static __device__ __forceinline__ void __stwt(int2 *p, int2 v) { int *q = (int *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); }
static __device__ __forceinline__ void __stwt(int4 *p, int4 v) { int *q = (int *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); __warpc_st_wt(q + 2, v.z); __warpc_st_wt(q + 3, v.w); }
static __device__ __forceinline__ void __stwt(uint2 *p, uint2 v) { unsigned int *q = (unsigned int *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); }
static __device__ __forceinline__ void __stwt(uint4 *p, uint4 v) { unsigned int *q = (unsigned int *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); __warpc_st_wt(q + 2, v.z); __warpc_st_wt(q + 3, v.w); }
static __device__ __forceinline__ void __stwt(longlong2 *p, longlong2 v) { long long *q = (long long *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); }
static __device__ __forceinline__ void __stwt(ulonglong2 *p, ulonglong2 v) { unsigned long long *q = (unsigned long long *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); }
static __device__ __forceinline__ void __stwt(float2 *p, float2 v) { float *q = (float *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); }
static __device__ __forceinline__ void __stwt(float4 *p, float4 v) { float *q = (float *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); __warpc_st_wt(q + 2, v.z); __warpc_st_wt(q + 3, v.w); }
static __device__ __forceinline__ void __stwt(double2 *p, double2 v) { double *q = (double *)p; __warpc_st_wt(q + 0, v.x); __warpc_st_wt(q + 1, v.y); }

/* ---- address-space predicates ---- */
static __device__ __forceinline__ unsigned int __isGlobal(const void *ptr) { return __nv_isGlobal_impl(ptr); }
static __device__ __forceinline__ unsigned int __isShared(const void *ptr) { return __nv_isShared_impl(ptr); }
static __device__ __forceinline__ unsigned int __isConstant(const void *ptr) { return __nv_isConstant_impl(ptr); }
static __device__ __forceinline__ unsigned int __isLocal(const void *ptr) { return __nv_isLocal_impl(ptr); }
#if __CUDA_ARCH__ >= 700
static __device__ __forceinline__ unsigned int __isGridConstant(const void *ptr) { return __nv_isGridConstant_impl(ptr); }
#endif
/* ---- address-space conversions (sm_20_intrinsics.h) ---- */
static __device__ __forceinline__ size_t __cvta_generic_to_global(const void *ptr) { return __nv_cvta_generic_to_global_impl(ptr); }
static __device__ __forceinline__ size_t __cvta_generic_to_shared(const void *ptr) { return __nv_cvta_generic_to_shared_impl(ptr); }
static __device__ __forceinline__ size_t __cvta_generic_to_constant(const void *ptr) { return __nv_cvta_generic_to_constant_impl(ptr); }
static __device__ __forceinline__ size_t __cvta_generic_to_local(const void *ptr) { return __nv_cvta_generic_to_local_impl(ptr); }
static __device__ __forceinline__ void *__cvta_global_to_generic(size_t rawbits) { return __nv_cvta_global_to_generic_impl(rawbits); }
static __device__ __forceinline__ void *__cvta_shared_to_generic(size_t rawbits) { return __nv_cvta_shared_to_generic_impl(rawbits); }
static __device__ __forceinline__ void *__cvta_constant_to_generic(size_t rawbits) { return __nv_cvta_constant_to_generic_impl(rawbits); }
static __device__ __forceinline__ void *__cvta_local_to_generic(size_t rawbits) { return __nv_cvta_local_to_generic_impl(rawbits); }

/* ---- sm_70: __nanosleep, __match_*_sync ---- */
#if __CUDA_ARCH__ >= 700
static __device__ __forceinline__ void __nanosleep(unsigned int ns) { __nvvm_nanosleep(ns); }
static __device__ __forceinline__ unsigned int __match_any_sync(unsigned int mask, unsigned int value) { return __nvvm_match_any_sync_i32(mask, value); }
static __device__ __forceinline__ unsigned int __match_any_sync(unsigned int mask, int value) { return __nvvm_match_any_sync_i32(mask, (unsigned int)value); }
static __device__ __forceinline__ unsigned int __match_any_sync(unsigned int mask, float value) { return __nvvm_match_any_sync_i32(mask, __nv_float_as_uint(value)); }
static __device__ __forceinline__ unsigned int __match_any_sync(unsigned int mask, unsigned long value) { return __nvvm_match_any_sync_i64(mask, (unsigned long long)value); }
static __device__ __forceinline__ unsigned int __match_any_sync(unsigned int mask, long value) { return __nvvm_match_any_sync_i64(mask, (unsigned long long)value); }
static __device__ __forceinline__ unsigned int __match_any_sync(unsigned int mask, unsigned long long value) { return __nvvm_match_any_sync_i64(mask, value); }
static __device__ __forceinline__ unsigned int __match_any_sync(unsigned int mask, long long value) { return __nvvm_match_any_sync_i64(mask, (unsigned long long)value); }
static __device__ __forceinline__ unsigned int __match_any_sync(unsigned int mask, double value) { return __nvvm_match_any_sync_i64(mask, (unsigned long long)__nv_double_as_longlong(value)); }
static __device__ __forceinline__ unsigned int __match_all_sync(unsigned int mask, unsigned int value, int *pred) { return __nvvm_match_all_sync_i32(mask, value, pred); }
static __device__ __forceinline__ unsigned int __match_all_sync(unsigned int mask, int value, int *pred) { return __nvvm_match_all_sync_i32(mask, (unsigned int)value, pred); }
static __device__ __forceinline__ unsigned int __match_all_sync(unsigned int mask, float value, int *pred) { return __nvvm_match_all_sync_i32(mask, __nv_float_as_uint(value), pred); }
static __device__ __forceinline__ unsigned int __match_all_sync(unsigned int mask, unsigned long value, int *pred) { return __nvvm_match_all_sync_i64(mask, (unsigned long long)value, pred); }
static __device__ __forceinline__ unsigned int __match_all_sync(unsigned int mask, long value, int *pred) { return __nvvm_match_all_sync_i64(mask, (unsigned long long)value, pred); }
static __device__ __forceinline__ unsigned int __match_all_sync(unsigned int mask, unsigned long long value, int *pred) { return __nvvm_match_all_sync_i64(mask, value, pred); }
static __device__ __forceinline__ unsigned int __match_all_sync(unsigned int mask, long long value, int *pred) { return __nvvm_match_all_sync_i64(mask, (unsigned long long)value, pred); }
static __device__ __forceinline__ unsigned int __match_all_sync(unsigned int mask, double value, int *pred) { return __nvvm_match_all_sync_i64(mask, (unsigned long long)__nv_double_as_longlong(value), pred); }
#endif

/* ---- sm_80: warp reductions (redux.sync) ---- */
#if __CUDA_ARCH__ >= 800
static __device__ __forceinline__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int value) { return __reduce_add_sync_unsigned_impl(mask, value); }
static __device__ __forceinline__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int value) { return __reduce_min_sync_unsigned_impl(mask, value); }
static __device__ __forceinline__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int value) { return __reduce_max_sync_unsigned_impl(mask, value); }
static __device__ __forceinline__ int __reduce_add_sync(unsigned int mask, int value) { return __reduce_add_sync_signed_impl(mask, value); }
static __device__ __forceinline__ int __reduce_min_sync(unsigned int mask, int value) { return __reduce_min_sync_signed_impl(mask, value); }
static __device__ __forceinline__ int __reduce_max_sync(unsigned int mask, int value) { return __reduce_max_sync_signed_impl(mask, value); }
static __device__ __forceinline__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int value) { return __reduce_and_sync_unsigned_impl(mask, value); }
static __device__ __forceinline__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int value) { return __reduce_or_sync_unsigned_impl(mask, value); }
static __device__ __forceinline__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value) { return __reduce_xor_sync_unsigned_impl(mask, value); }
#endif

/* ---- sm_90: vector atomicAdd (atomic per element, as CUDA documents), thread-block clusters ---- */
#if __CUDA_ARCH__ >= 900
static __device__ __forceinline__ float2 atomicAdd(float2 *address, float2 val) { float *q = (float *)address; return make_float2(__warpc_atomic_add(q, val.x), __warpc_atomic_add(q + 1, val.y)); }
static __device__ __forceinline__ float4 atomicAdd(float4 *address, float4 val) { float *q = (float *)address; return make_float4(__warpc_atomic_add(q, val.x), __warpc_atomic_add(q + 1, val.y), __warpc_atomic_add(q + 2, val.z), __warpc_atomic_add(q + 3, val.w)); }
static __device__ __forceinline__ unsigned int __isClusterShared(const void *ptr) { return __nvvm_isspacep_shared_cluster(ptr) ? 1u : 0u; }
static __device__ __forceinline__ unsigned int __clusterDimIsSpecified(void) { return __nvvm_is_explicit_cluster(); }
static __device__ __forceinline__ dim3 __clusterDim(void) { dim3 d; d.x = __nvvm_cluster_nctaid_x(); d.y = __nvvm_cluster_nctaid_y(); d.z = __nvvm_cluster_nctaid_z(); return d; }
static __device__ __forceinline__ dim3 __clusterRelativeBlockIdx(void) { dim3 d; d.x = __nvvm_cluster_ctaid_x(); d.y = __nvvm_cluster_ctaid_y(); d.z = __nvvm_cluster_ctaid_z(); return d; }
static __device__ __forceinline__ dim3 __clusterGridDimInClusters(void) { dim3 d; d.x = __nvvm_nclusterid_x(); d.y = __nvvm_nclusterid_y(); d.z = __nvvm_nclusterid_z(); return d; }
static __device__ __forceinline__ dim3 __clusterIdx(void) { dim3 d; d.x = __nvvm_clusterid_x(); d.y = __nvvm_clusterid_y(); d.z = __nvvm_clusterid_z(); return d; }
static __device__ __forceinline__ unsigned int __clusterRelativeBlockRank(void) { return __nvvm_cluster_ctarank(); }
static __device__ __forceinline__ unsigned int __clusterSizeInBlocks(void) { return __nvvm_cluster_nctarank(); }
static __device__ __forceinline__ void __cluster_barrier_arrive(void) { __nvvm_barrier_cluster_arrive(); }
static __device__ __forceinline__ void __cluster_barrier_wait(void) { __nvvm_barrier_cluster_wait(); }
#endif

/* ---- timing, traps ---- */

/* ---- reinterpretation and conversion intrinsics ---- */

/* ---- fast float intrinsics (approximate; .ftz under -ftz=true) ---- */

/* ---- math library ---- */
static __host__ __device__ __forceinline__ float sin(float x) { return sinf(x); }
static __host__ __device__ __forceinline__ float cos(float x) { return cosf(x); }
static __host__ __device__ __forceinline__ float tan(float x) { return tanf(x); }
static __host__ __device__ __forceinline__ float asin(float x) { return asinf(x); }
static __host__ __device__ __forceinline__ float acos(float x) { return acosf(x); }
static __host__ __device__ __forceinline__ float atan(float x) { return atanf(x); }
static __host__ __device__ __forceinline__ float sinh(float x) { return sinhf(x); }
static __host__ __device__ __forceinline__ float cosh(float x) { return coshf(x); }
static __host__ __device__ __forceinline__ float tanh(float x) { return tanhf(x); }
static __host__ __device__ __forceinline__ float asinh(float x) { return asinhf(x); }
static __host__ __device__ __forceinline__ float acosh(float x) { return acoshf(x); }
static __host__ __device__ __forceinline__ float atanh(float x) { return atanhf(x); }
static __host__ __device__ __forceinline__ float exp(float x) { return expf(x); }
static __host__ __device__ __forceinline__ float exp2(float x) { return exp2f(x); }
static __host__ __device__ __forceinline__ float exp10(float x) { return exp10f(x); }
static __host__ __device__ __forceinline__ float expm1(float x) { return expm1f(x); }
static __host__ __device__ __forceinline__ float log(float x) { return logf(x); }
static __host__ __device__ __forceinline__ float log2(float x) { return log2f(x); }
static __host__ __device__ __forceinline__ float log10(float x) { return log10f(x); }
static __host__ __device__ __forceinline__ float log1p(float x) { return log1pf(x); }
static __host__ __device__ __forceinline__ float sqrt(float x) { return sqrtf(x); }
static __host__ __device__ __forceinline__ float rsqrt(float x) { return rsqrtf(x); }
static __host__ __device__ __forceinline__ float cbrt(float x) { return cbrtf(x); }
static __host__ __device__ __forceinline__ float rcbrt(float x) { return rcbrtf(x); }
static __host__ __device__ __forceinline__ float fabs(float x) { return fabsf(x); }
static __host__ __device__ __forceinline__ float floor(float x) { return floorf(x); }
static __host__ __device__ __forceinline__ float ceil(float x) { return ceilf(x); }
static __host__ __device__ __forceinline__ float trunc(float x) { return truncf(x); }
static __host__ __device__ __forceinline__ float round(float x) { return roundf(x); }
static __host__ __device__ __forceinline__ float rint(float x) { return rintf(x); }
static __host__ __device__ __forceinline__ float nearbyint(float x) { return nearbyintf(x); }
static __host__ __device__ __forceinline__ float erf(float x) { return erff(x); }
static __host__ __device__ __forceinline__ float erfc(float x) { return erfcf(x); }
static __host__ __device__ __forceinline__ float erfinv(float x) { return erfinvf(x); }
static __host__ __device__ __forceinline__ float erfcinv(float x) { return erfcinvf(x); }
static __host__ __device__ __forceinline__ float lgamma(float x) { return lgammaf(x); }
static __host__ __device__ __forceinline__ float tgamma(float x) { return tgammaf(x); }
static __host__ __device__ __forceinline__ float logb(float x) { return logbf(x); }
static __host__ __device__ __forceinline__ float sinpi(float x) { return sinpif(x); }
static __host__ __device__ __forceinline__ float cospi(float x) { return cospif(x); }
static __host__ __device__ __forceinline__ float normcdf(float x) { return normcdff(x); }
static __host__ __device__ __forceinline__ float normcdfinv(float x) { return normcdfinvf(x); }
static __host__ __device__ __forceinline__ float atan2(float x, float y) { return atan2f(x, y); }
static __host__ __device__ __forceinline__ float pow(float x, float y) { return powf(x, y); }
static __host__ __device__ __forceinline__ float fmin(float x, float y) { return fminf(x, y); }
static __host__ __device__ __forceinline__ float fmax(float x, float y) { return fmaxf(x, y); }
static __host__ __device__ __forceinline__ float fmod(float x, float y) { return fmodf(x, y); }
static __host__ __device__ __forceinline__ float remainder(float x, float y) { return remainderf(x, y); }
static __host__ __device__ __forceinline__ float hypot(float x, float y) { return hypotf(x, y); }
static __host__ __device__ __forceinline__ float copysign(float x, float y) { return copysignf(x, y); }
static __host__ __device__ __forceinline__ float fdim(float x, float y) { return fdimf(x, y); }
static __host__ __device__ __forceinline__ float nextafter(float x, float y) { return nextafterf(x, y); }
static __host__ __device__ __forceinline__ float fma(float x, float y, float z) { return fmaf(x, y, z); }
static __host__ __device__ __forceinline__ void sincos(float x, float *s, float *c) { sincosf(x, s, c); }
static __host__ __device__ __forceinline__ float ldexp(float x, int n) { return ldexpf(x, n); }
static __host__ __device__ __forceinline__ float scalbn(float x, int n) { return scalbnf(x, n); }
static __host__ __device__ __forceinline__ float frexp(float x, int *e) { return frexpf(x, e); }
static __host__ __device__ __forceinline__ float modf(float x, float *i) { return modff(x, i); }
static __host__ __device__ __forceinline__ float remquo(float x, float y, int *q) { return remquof(x, y, q); }
static __host__ __device__ __forceinline__ int ilogb(float x) { return ilogbf(x); }
static __host__ __device__ __forceinline__ float powif(float x, int n) { return __nv_powif(x, n); }
static __host__ __device__ __forceinline__ double powi(double x, int n) { return __nv_powi(x, n); }
static __host__ __device__ __forceinline__ float pow(float x, int n) { return powif(x, n); }
static __host__ __device__ __forceinline__ double pow(double x, int n) { return powi(x, n); }
static __host__ __device__ __forceinline__ long long llrint(float x) { return llrintf(x); }
static __host__ __device__ __forceinline__ long long llround(float x) { return llroundf(x); }
static __host__ __device__ __forceinline__ long lrint(float x) { return lrintf(x); }
static __host__ __device__ __forceinline__ long lround(float x) { return lroundf(x); }
static __host__ __device__ __forceinline__ float abs(float x) { return fabsf(x); }
static __host__ __device__ __forceinline__ double abs(double x) { return fabs(x); }
static __host__ __device__ __forceinline__ bool isnan(float x) { return __nv_isnanf(x) != 0; }
static __host__ __device__ __forceinline__ bool isnan(double x) { return __nv_isnand(x) != 0; }
static __host__ __device__ __forceinline__ bool isinf(float x) { return __nv_isinff(x) != 0; }
static __host__ __device__ __forceinline__ bool isinf(double x) { return __nv_isinfd(x) != 0; }
static __host__ __device__ __forceinline__ bool isfinite(float x) { return __nv_finitef(x) != 0; }
static __host__ __device__ __forceinline__ bool isfinite(double x) { return __nv_isfinited(x) != 0; }
static __host__ __device__ __forceinline__ bool signbit(float x) { return __nv_signbitf(x) != 0; }
static __host__ __device__ __forceinline__ bool signbit(double x) { return __nv_signbitd(x) != 0; }

/* ---- min, max, abs ---- */
static __host__ __device__ __forceinline__ unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
static __host__ __device__ __forceinline__ unsigned int min(int a, unsigned int b) { return (unsigned int)a < (unsigned int)b ? (unsigned int)a : (unsigned int)b; }
static __host__ __device__ __forceinline__ unsigned int min(unsigned int a, int b) { return (unsigned int)a < (unsigned int)b ? (unsigned int)a : (unsigned int)b; }
static __host__ __device__ __forceinline__ long min(long a, long b) { return a < b ? a : b; }
static __host__ __device__ __forceinline__ unsigned long min(unsigned long a, unsigned long b) { return a < b ? a : b; }
static __host__ __device__ __forceinline__ unsigned long min(long a, unsigned long b) { return (unsigned long)a < (unsigned long)b ? (unsigned long)a : (unsigned long)b; }
static __host__ __device__ __forceinline__ unsigned long min(unsigned long a, long b) { return (unsigned long)a < (unsigned long)b ? (unsigned long)a : (unsigned long)b; }
static __host__ __device__ __forceinline__ long long min(long long a, long long b) { return a < b ? a : b; }
static __host__ __device__ __forceinline__ unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
static __host__ __device__ __forceinline__ unsigned long long min(long long a, unsigned long long b) { return (unsigned long long)a < (unsigned long long)b ? (unsigned long long)a : (unsigned long long)b; }
static __host__ __device__ __forceinline__ unsigned long long min(unsigned long long a, long long b) { return (unsigned long long)a < (unsigned long long)b ? (unsigned long long)a : (unsigned long long)b; }
static __host__ __device__ __forceinline__ float min(float a, float b) { return fminf(a, b); }
static __host__ __device__ __forceinline__ double min(double a, double b) { return fmin(a, b); }
static __host__ __device__ __forceinline__ double min(float a, double b) { return fmin((double)a, b); }
static __host__ __device__ __forceinline__ double min(double a, float b) { return fmin(a, (double)b); }
static __host__ __device__ __forceinline__ unsigned int max(unsigned int a, unsigned int b) { return a > b ? a : b; }
static __host__ __device__ __forceinline__ unsigned int max(int a, unsigned int b) { return (unsigned int)a > (unsigned int)b ? (unsigned int)a : (unsigned int)b; }
static __host__ __device__ __forceinline__ unsigned int max(unsigned int a, int b) { return (unsigned int)a > (unsigned int)b ? (unsigned int)a : (unsigned int)b; }
static __host__ __device__ __forceinline__ long max(long a, long b) { return a > b ? a : b; }
static __host__ __device__ __forceinline__ unsigned long max(unsigned long a, unsigned long b) { return a > b ? a : b; }
static __host__ __device__ __forceinline__ unsigned long max(long a, unsigned long b) { return (unsigned long)a > (unsigned long)b ? (unsigned long)a : (unsigned long)b; }
static __host__ __device__ __forceinline__ unsigned long max(unsigned long a, long b) { return (unsigned long)a > (unsigned long)b ? (unsigned long)a : (unsigned long)b; }
static __host__ __device__ __forceinline__ long long max(long long a, long long b) { return a > b ? a : b; }
static __host__ __device__ __forceinline__ unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
static __host__ __device__ __forceinline__ unsigned long long max(long long a, unsigned long long b) { return (unsigned long long)a > (unsigned long long)b ? (unsigned long long)a : (unsigned long long)b; }
static __host__ __device__ __forceinline__ unsigned long long max(unsigned long long a, long long b) { return (unsigned long long)a > (unsigned long long)b ? (unsigned long long)a : (unsigned long long)b; }
static __host__ __device__ __forceinline__ float max(float a, float b) { return fmaxf(a, b); }
static __host__ __device__ __forceinline__ double max(double a, double b) { return fmax(a, b); }
static __host__ __device__ __forceinline__ double max(float a, double b) { return fmax((double)a, b); }
static __host__ __device__ __forceinline__ double max(double a, float b) { return fmax(a, (double)b); }
static __host__ __device__ __forceinline__ long abs(long a) { return a < 0 ? -a : a; }
static __host__ __device__ __forceinline__ long long abs(long long a) { return a < 0 ? -a : a; }

/* device_types.h: the rounding modes of cuda_fp8.h/cuda_fp6.h/cuda_fp4.h's conversions. nvcc's
   cuda_runtime.h brings it in; NVRTC provides it implicitly (also with --minimal), and those
   headers include it only when __CUDACC_RTC__ is not defined. Its guard keeps the toolkit's copy
   out. */
#ifndef __DEVICE_TYPES_H__
#define __DEVICE_TYPES_H__
enum __device_builtin__ cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf };
#endif

#ifndef __CUDACC_RTC_MINIMAL__ /* NVRTC's --minimal: no runtime API types or functions */
/* ---- the host runtime API's types and common functions (cuda_runtime_api.h, driver_types.h) ----
   Host code is parsed but not checked or compiled: these declarations let the parser read host
   bodies (`cudaError_t err = cudaMalloc(...);`) as nvcc's force-included cuda_runtime.h does. */
enum cudaError {
    cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2, cudaErrorInitializationError = 3,
    cudaErrorCudartUnloading = 4, cudaErrorProfilerDisabled = 5, cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidPitchValue = 12, cudaErrorInvalidSymbol = 13, cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidMemcpyDirection = 21, cudaErrorInsufficientDriver = 35, cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101, cudaErrorInvalidKernelImage = 200, cudaErrorNoKernelImageForDevice = 209,
    cudaErrorInvalidHandle = 400, cudaErrorNotFound = 500, cudaErrorNotReady = 600, cudaErrorIllegalAddress = 700,
    cudaErrorLaunchOutOfResources = 701, cudaErrorLaunchTimeout = 702, cudaErrorAssert = 710,
    cudaErrorLaunchFailure = 719, cudaErrorNotSupported = 801, cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4
};
typedef enum cudaMemcpyKind cudaMemcpyKind;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct cudaArray *cudaArray_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
struct cudaDeviceProp;
typedef struct cudaDeviceProp cudaDeviceProp;
struct cudaFuncAttributes;
typedef struct cudaFuncAttributes cudaFuncAttributes;
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaMemAttachGlobal 0x01
extern "C" {
__host__ cudaError_t cudaMalloc(void **devPtr, size_t size);
__host__ cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags);
__host__ cudaError_t cudaMallocHost(void **ptr, size_t size);
__host__ cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
__host__ cudaError_t cudaFree(void *devPtr);
__host__ cudaError_t cudaFreeHost(void *ptr);
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream);
__host__ cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemset(void *devPtr, int value, size_t count);
__host__ cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t error);
__host__ const char *cudaGetErrorName(cudaError_t error);
__host__ cudaError_t cudaGetDeviceCount(int *count);
__host__ cudaError_t cudaGetDevice(int *device);
__host__ cudaError_t cudaSetDevice(int device);
__host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
__host__ cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *stream);
__host__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
__host__ cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
__host__ cudaError_t cudaEventDestroy(cudaEvent_t event);
__host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem, cudaStream_t stream);
}

/* ---- the device runtime API (cuda_device_runtime_api.h, CDP2): what device code may call
   from the runtime, with the toolkit's names, types and attributes. The `__cudaCDP2*` entry
   points are the device runtime library's (linked with -rdc=true); the `cuda*` names are
   static inline device wrappers beside the host declarations above, as in the toolkit. A
   kernel launch from device code (`k<<<g, b, s, stream>>>(args)`) is lowered as nvcc lowers it:
   `__cudaCDP2GetParameterBufferV2(k, g, b, s)`, the arguments stored into the buffer at the
   kernel's parameter offsets, then `__cudaCDP2LaunchDeviceV2(buffer, stream)`. */
#define cudaStreamLegacy                    ((cudaStream_t)0x1)
#define cudaStreamPerThread                 ((cudaStream_t)0x2)
#define cudaStreamTailLaunch                ((cudaStream_t)0x3)
#define cudaStreamFireAndForget             ((cudaStream_t)0x4)
#ifdef __CUDA_ARCH__
extern "C" {
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2GetLastError(void);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2PeekAtLastError(void);
extern __device__ __cudart_builtin__ const char* CUDARTAPI __cudaCDP2GetErrorString(cudaError_t error);
extern __device__ __cudart_builtin__ const char* CUDARTAPI __cudaCDP2GetErrorName(cudaError_t error);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2GetDeviceCount(int *count);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2GetDevice(int *device);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2StreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2StreamDestroy(cudaStream_t stream);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2StreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2EventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2EventRecord(cudaEvent_t event, cudaStream_t stream);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2EventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2EventDestroy(cudaEvent_t event);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2FuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2Free(void *devPtr);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2Malloc(void **devPtr, size_t size);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2MemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2Memcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2MemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2Memset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2RuntimeGetVersion(int *runtimeVersion);
extern __device__ __cudart_builtin__ void * CUDARTAPI __cudaCDP2GetParameterBuffer(size_t alignment, size_t size);
extern __device__ __cudart_builtin__ void * CUDARTAPI __cudaCDP2GetParameterBufferV2(void *func, dim3 gridDimension, dim3 blockDimension, unsigned int sharedMemSize);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2LaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension, dim3 blockDimension, unsigned int sharedMemSize, cudaStream_t stream);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2LaunchDeviceV2(void *parameterBuffer, cudaStream_t stream);
extern __device__ __cudart_builtin__ cudaError_t CUDARTAPI __cudaCDP2OccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize, size_t dynamicSmemSize);
}
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaGetLastError(void) { return __cudaCDP2GetLastError(); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaPeekAtLastError(void) { return __cudaCDP2PeekAtLastError(); }
static __inline__ __device__ __cudart_builtin__ const char* CUDARTAPI cudaGetErrorString(cudaError_t error) { return __cudaCDP2GetErrorString(error); }
static __inline__ __device__ __cudart_builtin__ const char* CUDARTAPI cudaGetErrorName(cudaError_t error) { return __cudaCDP2GetErrorName(error); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaGetDeviceCount(int *count) { return __cudaCDP2GetDeviceCount(count); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaGetDevice(int *device) { return __cudaCDP2GetDevice(device); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags) { return __cudaCDP2StreamCreateWithFlags(pStream, flags); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaStreamDestroy(cudaStream_t stream) { return __cudaCDP2StreamDestroy(stream); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) { return __cudaCDP2StreamWaitEvent(stream, event, flags); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) { return __cudaCDP2EventCreateWithFlags(event, flags); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaEventRecord(cudaEvent_t event, cudaStream_t stream) { return __cudaCDP2EventRecord(event, stream); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) { return __cudaCDP2EventRecordWithFlags(event, stream, flags); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaEventDestroy(cudaEvent_t event) { return __cudaCDP2EventDestroy(event); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) { return __cudaCDP2FuncGetAttributes(attr, func); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaFree(void *devPtr) { return __cudaCDP2Free(devPtr); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaMalloc(void **devPtr, size_t size) { return __cudaCDP2Malloc(devPtr, size); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream) { return __cudaCDP2MemcpyAsync(dst, src, count, kind, stream); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream) { return __cudaCDP2Memcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) { return __cudaCDP2MemsetAsync(devPtr, value, count, stream); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream) { return __cudaCDP2Memset2DAsync(devPtr, pitch, value, width, height, stream); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaRuntimeGetVersion(int *runtimeVersion) { return __cudaCDP2RuntimeGetVersion(runtimeVersion); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize, size_t dynamicSmemSize) { return __cudaCDP2OccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, func, blockSize, dynamicSmemSize); }
static __inline__ __device__ __cudart_builtin__ void * CUDARTAPI cudaGetParameterBuffer(size_t alignment, size_t size) { return __cudaCDP2GetParameterBuffer(alignment, size); }
static __inline__ __device__ __cudart_builtin__ void * CUDARTAPI cudaGetParameterBufferV2(void *func, dim3 gridDimension, dim3 blockDimension, unsigned int sharedMemSize) { return __cudaCDP2GetParameterBufferV2(func, gridDimension, blockDimension, sharedMemSize); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension, dim3 blockDimension, unsigned int sharedMemSize, cudaStream_t stream) { return __cudaCDP2LaunchDevice(func, parameterBuffer, gridDimension, blockDimension, sharedMemSize, stream); }
static __inline__ __device__ __cudart_builtin__ cudaError_t CUDARTAPI cudaLaunchDeviceV2(void *parameterBuffer, cudaStream_t stream) { return __cudaCDP2LaunchDeviceV2(parameterBuffer, stream); }
#endif /* __CUDA_ARCH__ */
#endif /* __CUDACC_RTC_MINIMAL__ */


/* ---- C++ math overloads in namespace std, as CUDA's math_functions.h declares them (so
   std::sqrt(float) and friends are device functions whether or not <cmath> is included; a
   host library's own definitions of the same functions are redeclarations of these) ---- */
#ifndef __CUDACC_RTC__ /* NVRTC declares no std:: math: JIT code defines its own (CuPy's xsf) */
namespace std {
static __host__ __device__ __forceinline__ float sqrt(float x) { return sqrtf(x); }
static __host__ __device__ __forceinline__ double sqrt(double x) { return __nv_sqrt(x); }
static __host__ __device__ __forceinline__ float cbrt(float x) { return cbrtf(x); }
static __host__ __device__ __forceinline__ double cbrt(double x) { return __nv_cbrt(x); }
static __host__ __device__ __forceinline__ float exp(float x) { return expf(x); }
static __host__ __device__ __forceinline__ double exp(double x) { return __nv_exp(x); }
static __host__ __device__ __forceinline__ float exp2(float x) { return exp2f(x); }
static __host__ __device__ __forceinline__ double exp2(double x) { return __nv_exp2(x); }
static __host__ __device__ __forceinline__ float expm1(float x) { return expm1f(x); }
static __host__ __device__ __forceinline__ double expm1(double x) { return __nv_expm1(x); }
static __host__ __device__ __forceinline__ float log(float x) { return logf(x); }
static __host__ __device__ __forceinline__ double log(double x) { return __nv_log(x); }
static __host__ __device__ __forceinline__ float log2(float x) { return log2f(x); }
static __host__ __device__ __forceinline__ double log2(double x) { return __nv_log2(x); }
static __host__ __device__ __forceinline__ float log10(float x) { return log10f(x); }
static __host__ __device__ __forceinline__ double log10(double x) { return __nv_log10(x); }
static __host__ __device__ __forceinline__ float log1p(float x) { return log1pf(x); }
static __host__ __device__ __forceinline__ double log1p(double x) { return __nv_log1p(x); }
static __host__ __device__ __forceinline__ float sin(float x) { return sinf(x); }
static __host__ __device__ __forceinline__ double sin(double x) { return __nv_sin(x); }
static __host__ __device__ __forceinline__ float cos(float x) { return cosf(x); }
static __host__ __device__ __forceinline__ double cos(double x) { return __nv_cos(x); }
static __host__ __device__ __forceinline__ float tan(float x) { return tanf(x); }
static __host__ __device__ __forceinline__ double tan(double x) { return __nv_tan(x); }
static __host__ __device__ __forceinline__ float asin(float x) { return asinf(x); }
static __host__ __device__ __forceinline__ double asin(double x) { return __nv_asin(x); }
static __host__ __device__ __forceinline__ float acos(float x) { return acosf(x); }
static __host__ __device__ __forceinline__ double acos(double x) { return __nv_acos(x); }
static __host__ __device__ __forceinline__ float atan(float x) { return atanf(x); }
static __host__ __device__ __forceinline__ double atan(double x) { return __nv_atan(x); }
static __host__ __device__ __forceinline__ float sinh(float x) { return sinhf(x); }
static __host__ __device__ __forceinline__ double sinh(double x) { return __nv_sinh(x); }
static __host__ __device__ __forceinline__ float cosh(float x) { return coshf(x); }
static __host__ __device__ __forceinline__ double cosh(double x) { return __nv_cosh(x); }
static __host__ __device__ __forceinline__ float tanh(float x) { return tanhf(x); }
static __host__ __device__ __forceinline__ double tanh(double x) { return __nv_tanh(x); }
static __host__ __device__ __forceinline__ float asinh(float x) { return asinhf(x); }
static __host__ __device__ __forceinline__ double asinh(double x) { return __nv_asinh(x); }
static __host__ __device__ __forceinline__ float acosh(float x) { return acoshf(x); }
static __host__ __device__ __forceinline__ double acosh(double x) { return __nv_acosh(x); }
static __host__ __device__ __forceinline__ float atanh(float x) { return atanhf(x); }
static __host__ __device__ __forceinline__ double atanh(double x) { return __nv_atanh(x); }
static __host__ __device__ __forceinline__ float erf(float x) { return erff(x); }
static __host__ __device__ __forceinline__ double erf(double x) { return __nv_erf(x); }
static __host__ __device__ __forceinline__ float erfc(float x) { return erfcf(x); }
static __host__ __device__ __forceinline__ double erfc(double x) { return __nv_erfc(x); }
static __host__ __device__ __forceinline__ float tgamma(float x) { return tgammaf(x); }
static __host__ __device__ __forceinline__ double tgamma(double x) { return __nv_tgamma(x); }
static __host__ __device__ __forceinline__ float lgamma(float x) { return lgammaf(x); }
static __host__ __device__ __forceinline__ double lgamma(double x) { return __nv_lgamma(x); }
static __host__ __device__ __forceinline__ float floor(float x) { return floorf(x); }
static __host__ __device__ __forceinline__ double floor(double x) { return __nv_floor(x); }
static __host__ __device__ __forceinline__ float ceil(float x) { return ceilf(x); }
static __host__ __device__ __forceinline__ double ceil(double x) { return __nv_ceil(x); }
static __host__ __device__ __forceinline__ float trunc(float x) { return truncf(x); }
static __host__ __device__ __forceinline__ double trunc(double x) { return __nv_trunc(x); }
static __host__ __device__ __forceinline__ float round(float x) { return roundf(x); }
static __host__ __device__ __forceinline__ double round(double x) { return __nv_round(x); }
static __host__ __device__ __forceinline__ float rint(float x) { return rintf(x); }
static __host__ __device__ __forceinline__ double rint(double x) { return __nv_rint(x); }
static __host__ __device__ __forceinline__ float nearbyint(float x) { return nearbyintf(x); }
static __host__ __device__ __forceinline__ double nearbyint(double x) { return __nv_nearbyint(x); }
static __host__ __device__ __forceinline__ float fabs(float x) { return fabsf(x); }
static __host__ __device__ __forceinline__ double fabs(double x) { return __nv_fabs(x); }
static __host__ __device__ __forceinline__ float pow(float x, float y) { return powf(x, y); }
static __host__ __device__ __forceinline__ double pow(double x, double y) { return __nv_pow(x, y); }
static __host__ __device__ __forceinline__ float atan2(float x, float y) { return atan2f(x, y); }
static __host__ __device__ __forceinline__ double atan2(double x, double y) { return __nv_atan2(x, y); }
static __host__ __device__ __forceinline__ float fmod(float x, float y) { return fmodf(x, y); }
static __host__ __device__ __forceinline__ double fmod(double x, double y) { return __nv_fmod(x, y); }
static __host__ __device__ __forceinline__ float fmin(float x, float y) { return fminf(x, y); }
static __host__ __device__ __forceinline__ double fmin(double x, double y) { return __nv_fmin(x, y); }
static __host__ __device__ __forceinline__ float fmax(float x, float y) { return fmaxf(x, y); }
static __host__ __device__ __forceinline__ double fmax(double x, double y) { return __nv_fmax(x, y); }
static __host__ __device__ __forceinline__ float hypot(float x, float y) { return hypotf(x, y); }
static __host__ __device__ __forceinline__ double hypot(double x, double y) { return __nv_hypot(x, y); }
static __host__ __device__ __forceinline__ float copysign(float x, float y) { return copysignf(x, y); }
static __host__ __device__ __forceinline__ double copysign(double x, double y) { return __nv_copysign(x, y); }
static __host__ __device__ __forceinline__ float remainder(float x, float y) { return remainderf(x, y); }
static __host__ __device__ __forceinline__ double remainder(double x, double y) { return __nv_remainder(x, y); }
static __host__ __device__ __forceinline__ float fma(float x, float y, float z) { return fmaf(x, y, z); }
static __host__ __device__ __forceinline__ double fma(double x, double y, double z) { return __nv_fma(x, y, z); }
static __host__ __device__ __forceinline__ float ldexp(float x, int n) { return ldexpf(x, n); }
static __host__ __device__ __forceinline__ double ldexp(double x, int n) { return __nv_ldexp(x, n); }
static __host__ __device__ __forceinline__ float frexp(float x, int *e) { return frexpf(x, e); }
static __host__ __device__ __forceinline__ double frexp(double x, int *e) { return __nv_frexp(x, e); }
static __host__ __device__ __forceinline__ float abs(float x) { return fabsf(x); }
static __host__ __device__ __forceinline__ double abs(double x) { return __nv_fabs(x); }
static __host__ __device__ __forceinline__ int abs(int x) { return x < 0 ? -x : x; }
static __host__ __device__ __forceinline__ long abs(long x) { return x < 0 ? -x : x; }
static __host__ __device__ __forceinline__ long long abs(long long x) { return x < 0 ? -x : x; }
static __host__ __device__ __forceinline__ bool isnan(float x) { return __nv_isnanf(x) != 0; }
static __host__ __device__ __forceinline__ bool isnan(double x) { return __nv_isnand(x) != 0; }
static __host__ __device__ __forceinline__ bool isinf(float x) { return __nv_isinff(x) != 0; }
static __host__ __device__ __forceinline__ bool isinf(double x) { return __nv_isinfd(x) != 0; }
static __host__ __device__ __forceinline__ bool isfinite(float x) { return __nv_finitef(x) != 0; }
static __host__ __device__ __forceinline__ bool isfinite(double x) { return __nv_isfinited(x) != 0; }
static __host__ __device__ __forceinline__ bool signbit(float x) { return __nv_signbitf(x) != 0; }
static __host__ __device__ __forceinline__ bool signbit(double x) { return __nv_signbitd(x) != 0; }
}
#endif /* __CUDACC_RTC__ */




/* ---- texture and surface objects (tex2D<T>, surf2Dread<T>, ...) ---- */
#ifndef __CUDACC_RTC_MINIMAL__ /* NVRTC's --minimal: no textures or surfaces */
#include "__warpc_texture.h"
#endif

#ifdef __CUDACC_RTC__
/* NVRTC declares printf itself (device code needs no <cstdio>). */
#include "stdio.h"
/* NVRTC also declares, without any header, the device heap's malloc and free (as CUDA's
   crt/common_functions.h does for nvcc; not std::malloc) and std::initializer_list: libcu++'s
   <cuda/std/__cstdlib/malloc.h> says `using ::malloc;` and <cuda/std/initializer_list> says
   `using ::std::initializer_list;` in NVRTC mode. A braced list does not convert to
   std::initializer_list in warpc yet: such a use has no matching constructor (an error). */
static __host__ __device__ __forceinline__ void *malloc(size_t __n) { return __warpc_malloc(__n); }
static __host__ __device__ __forceinline__ void free(void *__p) { __warpc_free(__p); }
namespace std {
template <class _E> class initializer_list {
public:
  typedef _E value_type;
  typedef const _E &reference;
  typedef const _E &const_reference;
  typedef size_t size_type;
  typedef const _E *iterator;
  typedef const _E *const_iterator;
private:
  iterator __array;
  size_type __len;
public:
  __host__ __device__ constexpr initializer_list() noexcept : __array(0), __len(0) {}
  __host__ __device__ constexpr size_type size() const noexcept { return __len; }
  __host__ __device__ constexpr const_iterator begin() const noexcept { return __array; }
  __host__ __device__ constexpr const_iterator end() const noexcept { return __array + __len; }
};
}
#endif

#if defined(__CUDACC_RTC__) && defined(__WARPC_BUILTIN_MOVE_FORWARD__)
/* NVRTC's -builtin-move-forward (its default): std::move and std::forward need no <utility>,
   as NVRTC's builtin header declares them (a program's own std::move is then ambiguous with
   this one, as with NVRTC). */
namespace __nvrtc_util {
template <class _T> struct remove_ref { typedef _T type; };
template <class _T> struct remove_ref<_T &> { typedef _T type; };
template <class _T> struct remove_ref<_T &&> { typedef _T type; };
}
namespace std {
template <class _T>
__host__ __device__ constexpr typename __nvrtc_util::remove_ref<_T>::type &&move(_T &&__t) noexcept {
  return static_cast<typename __nvrtc_util::remove_ref<_T>::type &&>(__t);
}
template <class _T>
__host__ __device__ constexpr _T &&forward(typename __nvrtc_util::remove_ref<_T>::type &__t) noexcept {
  return static_cast<_T &&>(__t);
}
template <class _T>
__host__ __device__ constexpr _T &&forward(typename __nvrtc_util::remove_ref<_T>::type &&__t) noexcept {
  return static_cast<_T &&>(__t);
}
}
#endif

#if defined(__CUDACC_RTC__) && defined(__has_include)
#if __has_include(<nv/target>)
/* NVRTC provides <nv/target> implicitly: cuda_fp16.h and cuda_bf16.h use NV_IF_ELSE_TARGET and
   include it only when __CUDACC_RTC__ is not defined. warpc takes it from the include path (a
   CCCL libcudacxx folder, or the toolkit's include), as it does those headers. */
#include <nv/target>
#endif
#endif

/* ---- the host's C and C++ math and stdlib headers, as CUDA's crt/math_functions.h includes
   them (cuda_runtime.h -> crt/math_functions.h -> <cmath>, <cstdlib>): device code sees what
   they declare without including them, as with nvcc; libcu++ relies on it (in nvcc's device
   pass cuda/std/__utility/forward.h and move.h take `using ::std::forward;` from libstdc++'s
   <bits/move.h>, reached through <cmath>). Without a host compiler these are warpc's builtin
   fallbacks. Not yet past C++17: C++20's libstdc++ brings concepts (<bits/iterator_concepts.h>
   through <cmath>'s <bits/specfun.h>), whose requires-clauses warpc does not parse. */
#if defined(__cplusplus) && __cplusplus <= 201703L && !defined(__CUDACC_RTC__)
#include <math.h>
#include <stdlib.h>
#ifndef __CUDA_INTERNAL_SKIP_CPP_HEADERS__
#include <cmath>
#include <cstdlib>
#endif /* __CUDA_INTERNAL_SKIP_CPP_HEADERS__ */
#endif /* __cplusplus && !__CUDACC_RTC__ */

#endif /* __WARPC_PRELUDE__ */
