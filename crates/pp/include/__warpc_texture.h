/*
 * __warpc_texture.h: texture and surface objects (the device side of the toolkit's
 * texture_indirect_functions.h and surface_indirect_functions.h), included by the prelude.
 *
 * nvcc's headers pass every call to the compiler builtin __nv_tex_surf_handler; warpc writes
 * the PTX instruction cicc selects for it as inline assembly instead:
 *   - textures: always the four-component `tex.<geom>.v4.<f32|s32|u32>.<f32|s32>`, from which
 *     the element type T takes its components (narrower integers are truncated, as nvcc does);
 *     plain `asm` (no side effects): a texture is read-only while a kernel runs;
 *   - surfaces: `suld.b.<geom>[.v2|.v4].b<8|16|32|64>.<trap|clamp|zero>` and `sust.b...`, of
 *     T's component size and count; `asm volatile`, since a kernel may write what it reads.
 * The element types are nvcc's (__nv_itex_trait, __nv_isurf_trait): another T has no `type`,
 * so no overload matches, the error nvcc gives.
 */
#ifndef __WARPC_TEXTURE_H__
#define __WARPC_TEXTURE_H__
#ifdef __cplusplus

enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2 };
enum cudaSurfaceFormatMode { cudaFormatModeForced = 0, cudaFormatModeAuto = 1 };

/* ---- the host API (driver_types.h, cuda_runtime_api.h): host code is parsed, not compiled ---- */
enum cudaChannelFormatKind {
    cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1, cudaChannelFormatKindFloat = 2,
    cudaChannelFormatKindNone = 3
};
struct cudaChannelFormatDesc { int x; int y; int z; int w; enum cudaChannelFormatKind f; };
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
struct cudaExtent { size_t width; size_t height; size_t depth; };
enum cudaResourceType { cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1, cudaResourceTypeLinear = 2, cudaResourceTypePitch2D = 3 };
struct cudaResourceDesc {
    enum cudaResourceType resType;
    union {
        struct { cudaArray_t array; } array;
        struct { cudaMipmappedArray_t mipmap; } mipmap;
        struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
        struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t width; size_t height; size_t pitchInBytes; } pitch2D;
    } res;
    unsigned int flags;
};
enum cudaTextureAddressMode { cudaAddressModeWrap = 0, cudaAddressModeClamp = 1, cudaAddressModeMirror = 2, cudaAddressModeBorder = 3 };
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
struct cudaTextureDesc {
    enum cudaTextureAddressMode addressMode[3];
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    enum cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int seamlessCubemap;
};
struct cudaResourceViewDesc;
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
extern "C" {
__host__ cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width, size_t height = 0, unsigned int flags = 0);
__host__ cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent, unsigned int flags = 0);
__host__ cudaError_t cudaFreeArray(cudaArray_t array);
__host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc, const struct cudaTextureDesc *pTexDesc, const struct cudaResourceViewDesc *pResViewDesc);
__host__ cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
__host__ cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc);
__host__ cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
__host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
}
static __host__ __forceinline__ struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) { struct cudaExtent e; e.width = w; e.height = h; e.depth = d; return e; }
template <class T> static __host__ __forceinline__ cudaChannelFormatDesc cudaCreateChannelDesc(void) { return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone); }
#define __WARPC_CHANNEL(T, X, Y, Z, W, K) \
  template <> __host__ __forceinline__ cudaChannelFormatDesc cudaCreateChannelDesc<T>(void) { return cudaCreateChannelDesc(X, Y, Z, W, cudaChannelFormatKind##K); }
#define __WARPC_CHANNELS(S, B, K) \
  __WARPC_CHANNEL(S##1, B, 0, 0, 0, K) __WARPC_CHANNEL(S##2, B, B, 0, 0, K) __WARPC_CHANNEL(S##4, B, B, B, B, K)
__WARPC_CHANNEL(char, 8, 0, 0, 0, Signed) __WARPC_CHANNEL(signed char, 8, 0, 0, 0, Signed) __WARPC_CHANNEL(unsigned char, 8, 0, 0, 0, Unsigned)
__WARPC_CHANNEL(short, 16, 0, 0, 0, Signed) __WARPC_CHANNEL(unsigned short, 16, 0, 0, 0, Unsigned)
__WARPC_CHANNEL(int, 32, 0, 0, 0, Signed) __WARPC_CHANNEL(unsigned int, 32, 0, 0, 0, Unsigned) __WARPC_CHANNEL(float, 32, 0, 0, 0, Float)
__WARPC_CHANNELS(char, 8, Signed) __WARPC_CHANNELS(uchar, 8, Unsigned) __WARPC_CHANNELS(short, 16, Signed) __WARPC_CHANNELS(ushort, 16, Unsigned)
__WARPC_CHANNELS(int, 32, Signed) __WARPC_CHANNELS(uint, 32, Unsigned) __WARPC_CHANNELS(float, 32, Float)
#undef __WARPC_CHANNELS
#undef __WARPC_CHANNEL

/* ---- textures ---- */

/* The raw four-component results: which of f32/s32/u32 the instruction returns. */
template <typename T> struct __warpc_itex_trait { };
#define __WARPC_ITEX(T, R) template <> struct __warpc_itex_trait<T> { typedef void type; typedef R raw; };
__WARPC_ITEX(char, int4) __WARPC_ITEX(signed char, int4) __WARPC_ITEX(char1, int4) __WARPC_ITEX(char2, int4) __WARPC_ITEX(char4, int4)
__WARPC_ITEX(unsigned char, uint4) __WARPC_ITEX(uchar1, uint4) __WARPC_ITEX(uchar2, uint4) __WARPC_ITEX(uchar4, uint4)
__WARPC_ITEX(short, int4) __WARPC_ITEX(short1, int4) __WARPC_ITEX(short2, int4) __WARPC_ITEX(short4, int4)
__WARPC_ITEX(unsigned short, uint4) __WARPC_ITEX(ushort1, uint4) __WARPC_ITEX(ushort2, uint4) __WARPC_ITEX(ushort4, uint4)
__WARPC_ITEX(int, int4) __WARPC_ITEX(int1, int4) __WARPC_ITEX(int2, int4) __WARPC_ITEX(int4, int4)
__WARPC_ITEX(unsigned int, uint4) __WARPC_ITEX(uint1, uint4) __WARPC_ITEX(uint2, uint4) __WARPC_ITEX(uint4, uint4)
__WARPC_ITEX(float, float4) __WARPC_ITEX(float1, float4) __WARPC_ITEX(float2, float4) __WARPC_ITEX(float4, float4)
#undef __WARPC_ITEX

/* T's components from the raw result. */
#define __WARPC_TEXRET(T, R, C) \
  static __device__ __forceinline__ void __warpc_texret(T *r, R v) { *r = (T)v.x; } \
  static __device__ __forceinline__ void __warpc_texret(C##1 *r, R v) { r->x = v.x; } \
  static __device__ __forceinline__ void __warpc_texret(C##2 *r, R v) { r->x = v.x; r->y = v.y; } \
  static __device__ __forceinline__ void __warpc_texret(C##4 *r, R v) { r->x = v.x; r->y = v.y; r->z = v.z; r->w = v.w; }
__WARPC_TEXRET(signed char, int4, char)
__WARPC_TEXRET(unsigned char, uint4, uchar)
__WARPC_TEXRET(short, int4, short)
__WARPC_TEXRET(unsigned short, uint4, ushort)
__WARPC_TEXRET(int, int4, int)
__WARPC_TEXRET(unsigned int, uint4, uint)
__WARPC_TEXRET(float, float4, float)
#undef __WARPC_TEXRET
static __device__ __forceinline__ void __warpc_texret(char *r, int4 v) { *r = (char)v.x; }

/* One texture fetch: NAME(raw tag, obj, PARAMS) for the f32, s32 and u32 results. */
#define __WARPC_TEXOP(NAME, PARAMS, GEOM, CT, OPERANDS, ...) \
  static __device__ __forceinline__ float4 NAME(float4 *, cudaTextureObject_t obj, PARAMS) { \
    float4 v; asm("tex." GEOM ".v4.f32." CT " {%0, %1, %2, %3}, " OPERANDS ";" \
                  : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(obj), __VA_ARGS__); return v; } \
  static __device__ __forceinline__ int4 NAME(int4 *, cudaTextureObject_t obj, PARAMS) { \
    int4 v; asm("tex." GEOM ".v4.s32." CT " {%0, %1, %2, %3}, " OPERANDS ";" \
                : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(obj), __VA_ARGS__); return v; } \
  static __device__ __forceinline__ uint4 NAME(uint4 *, cudaTextureObject_t obj, PARAMS) { \
    uint4 v; asm("tex." GEOM ".v4.u32." CT " {%0, %1, %2, %3}, " OPERANDS ";" \
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(obj), __VA_ARGS__); return v; }
#define __WARPC_P(...) __VA_ARGS__

/* The API pair: `F(T *ret, obj, PARAMS)` and `F<T>(obj, PARAMS)`. */
#define __WARPC_TEXAPI(F, NAME, PARAMS, ARGS) \
  template <typename T> static __device__ typename __warpc_itex_trait<T>::type F(T *ptr, cudaTextureObject_t obj, PARAMS) { \
    __warpc_texret(ptr, NAME((typename __warpc_itex_trait<T>::raw *)0, obj, ARGS)); } \
  template <class T> static __device__ T F(cudaTextureObject_t texObject, PARAMS) { T ret; F(&ret, texObject, ARGS); return ret; }

__WARPC_TEXOP(__warpc_tex1Dfetch, int x, "1d", "s32", "[%4, {%5}]", "r"(x))
__WARPC_TEXAPI(tex1Dfetch, __warpc_tex1Dfetch, int x, x)
__WARPC_TEXOP(__warpc_tex1D, float x, "1d", "f32", "[%4, {%5}]", "f"(x))
__WARPC_TEXAPI(tex1D, __warpc_tex1D, float x, x)
__WARPC_TEXOP(__warpc_tex2D, __WARPC_P(float x, float y), "2d", "f32", "[%4, {%5, %6}]", "f"(x), "f"(y))
__WARPC_TEXAPI(tex2D, __warpc_tex2D, __WARPC_P(float x, float y), __WARPC_P(x, y))
__WARPC_TEXOP(__warpc_tex3D, __WARPC_P(float x, float y, float z), "3d", "f32", "[%4, {%5, %6, %7, %7}]", "f"(x), "f"(y), "f"(z))
__WARPC_TEXAPI(tex3D, __warpc_tex3D, __WARPC_P(float x, float y, float z), __WARPC_P(x, y, z))
__WARPC_TEXOP(__warpc_tex1DLayered, __WARPC_P(float x, int layer), "a1d", "f32", "[%4, {%5, %6}]", "r"(layer), "f"(x))
__WARPC_TEXAPI(tex1DLayered, __warpc_tex1DLayered, __WARPC_P(float x, int layer), __WARPC_P(x, layer))
__WARPC_TEXOP(__warpc_tex2DLayered, __WARPC_P(float x, float y, int layer), "a2d", "f32", "[%4, {%5, %6, %7, %7}]", "r"(layer), "f"(x), "f"(y))
__WARPC_TEXAPI(tex2DLayered, __warpc_tex2DLayered, __WARPC_P(float x, float y, int layer), __WARPC_P(x, y, layer))
__WARPC_TEXOP(__warpc_texCubemap, __WARPC_P(float x, float y, float z), "cube", "f32", "[%4, {%5, %6, %7, %7}]", "f"(x), "f"(y), "f"(z))
__WARPC_TEXAPI(texCubemap, __warpc_texCubemap, __WARPC_P(float x, float y, float z), __WARPC_P(x, y, z))
__WARPC_TEXOP(__warpc_texCubemapLayered, __WARPC_P(float x, float y, float z, int layer), "acube", "f32", "[%4, {%5, %6, %7, %8}]", "r"(layer), "f"(x), "f"(y), "f"(z))
__WARPC_TEXAPI(texCubemapLayered, __warpc_texCubemapLayered, __WARPC_P(float x, float y, float z, int layer), __WARPC_P(x, y, z, layer))
__WARPC_TEXOP(__warpc_tex1DLod, __WARPC_P(float x, float level), "level.1d", "f32", "[%4, {%5}], %6", "f"(x), "f"(level))
__WARPC_TEXAPI(tex1DLod, __warpc_tex1DLod, __WARPC_P(float x, float level), __WARPC_P(x, level))
__WARPC_TEXOP(__warpc_tex2DLod, __WARPC_P(float x, float y, float level), "level.2d", "f32", "[%4, {%5, %6}], %7", "f"(x), "f"(y), "f"(level))
__WARPC_TEXAPI(tex2DLod, __warpc_tex2DLod, __WARPC_P(float x, float y, float level), __WARPC_P(x, y, level))

/* tex2Dgather: tld4 of component `comp` (0..3: r, g, b, a) of the four texels a bilinear filter
   reads; a component outside 0..3 leaves the result undefined, as nvcc's switch does. */
#define __WARPC_GATHER1(R, TY, C, K) \
  asm("tld4." K ".2d.v4." TY ".f32 {%0, %1, %2, %3}, [%4, {%5, %6}];" \
      : "=" C(v.x), "=" C(v.y), "=" C(v.z), "=" C(v.w) : "l"(obj), "f"(x), "f"(y))
#define __WARPC_GATHEROP(R, TY, C) \
  static __device__ __forceinline__ R __warpc_tex2Dgather(R *, cudaTextureObject_t obj, float x, float y, int comp) { \
    R v; \
    switch (comp) { \
    case 0: __WARPC_GATHER1(R, TY, C, "r"); break; \
    case 1: __WARPC_GATHER1(R, TY, C, "g"); break; \
    case 2: __WARPC_GATHER1(R, TY, C, "b"); break; \
    case 3: __WARPC_GATHER1(R, TY, C, "a"); break; \
    } \
    return v; }
__WARPC_GATHEROP(float4, "f32", "f")
__WARPC_GATHEROP(int4, "s32", "r")
__WARPC_GATHEROP(uint4, "u32", "r")
#undef __WARPC_GATHEROP
#undef __WARPC_GATHER1
template <typename T> static __device__ typename __warpc_itex_trait<T>::type tex2Dgather(T *ptr, cudaTextureObject_t obj, float x, float y, int comp = 0) {
  __warpc_texret(ptr, __warpc_tex2Dgather((typename __warpc_itex_trait<T>::raw *)0, obj, x, y, comp)); }
template <class T> static __device__ T tex2Dgather(cudaTextureObject_t to, float x, float y, int comp = 0) {
  T ret; tex2Dgather(&ret, to, x, y, comp); return ret; }
__WARPC_TEXOP(__warpc_tex3DLod, __WARPC_P(float x, float y, float z, float level), "level.3d", "f32", "[%4, {%5, %6, %7, %7}], %8", "f"(x), "f"(y), "f"(z), "f"(level))
__WARPC_TEXAPI(tex3DLod, __warpc_tex3DLod, __WARPC_P(float x, float y, float z, float level), __WARPC_P(x, y, z, level))
__WARPC_TEXOP(__warpc_tex1DLayeredLod, __WARPC_P(float x, int layer, float level), "level.a1d", "f32", "[%4, {%5, %6}], %7", "r"(layer), "f"(x), "f"(level))
__WARPC_TEXAPI(tex1DLayeredLod, __warpc_tex1DLayeredLod, __WARPC_P(float x, int layer, float level), __WARPC_P(x, layer, level))
__WARPC_TEXOP(__warpc_tex2DLayeredLod, __WARPC_P(float x, float y, int layer, float level), "level.a2d", "f32", "[%4, {%5, %6, %7, %7}], %8", "r"(layer), "f"(x), "f"(y), "f"(level))
__WARPC_TEXAPI(tex2DLayeredLod, __warpc_tex2DLayeredLod, __WARPC_P(float x, float y, int layer, float level), __WARPC_P(x, y, layer, level))
__WARPC_TEXOP(__warpc_texCubemapLod, __WARPC_P(float x, float y, float z, float level), "level.cube", "f32", "[%4, {%5, %6, %7, %7}], %8", "f"(x), "f"(y), "f"(z), "f"(level))
__WARPC_TEXAPI(texCubemapLod, __warpc_texCubemapLod, __WARPC_P(float x, float y, float z, float level), __WARPC_P(x, y, z, level))
#undef __WARPC_TEXOP
#undef __WARPC_TEXAPI

/* ---- surfaces ---- */

/* The raw form of T: its component count and size (float components travel as their bits). */
template <typename T> struct __warpc_isurf_trait { };
#define __WARPC_ISURF(T, R) template <> struct __warpc_isurf_trait<T> { typedef void type; typedef R raw; };
__WARPC_ISURF(char, uchar1) __WARPC_ISURF(signed char, uchar1) __WARPC_ISURF(char1, uchar1) __WARPC_ISURF(unsigned char, uchar1) __WARPC_ISURF(uchar1, uchar1)
__WARPC_ISURF(short, ushort1) __WARPC_ISURF(short1, ushort1) __WARPC_ISURF(unsigned short, ushort1) __WARPC_ISURF(ushort1, ushort1)
__WARPC_ISURF(int, uint1) __WARPC_ISURF(int1, uint1) __WARPC_ISURF(unsigned int, uint1) __WARPC_ISURF(uint1, uint1)
__WARPC_ISURF(long long, ulonglong1) __WARPC_ISURF(longlong1, ulonglong1) __WARPC_ISURF(unsigned long long, ulonglong1) __WARPC_ISURF(ulonglong1, ulonglong1)
__WARPC_ISURF(float, uint1) __WARPC_ISURF(float1, uint1)
__WARPC_ISURF(char2, uchar2) __WARPC_ISURF(uchar2, uchar2) __WARPC_ISURF(short2, ushort2) __WARPC_ISURF(ushort2, ushort2)
__WARPC_ISURF(int2, uint2) __WARPC_ISURF(uint2, uint2) __WARPC_ISURF(longlong2, ulonglong2) __WARPC_ISURF(ulonglong2, ulonglong2)
__WARPC_ISURF(float2, uint2)
__WARPC_ISURF(char4, uchar4) __WARPC_ISURF(uchar4, uchar4) __WARPC_ISURF(short4, ushort4) __WARPC_ISURF(ushort4, ushort4)
__WARPC_ISURF(int4, uint4) __WARPC_ISURF(uint4, uint4) __WARPC_ISURF(float4, uint4)
#undef __WARPC_ISURF

/* suld/sust of each raw form and geometry; the boundary mode is a constant after inlining, so
   LLVM folds the switch to one instruction (nvcc requires a constant mode). */
#define __WARPC_SURF_SWITCH(TRAP, CLAMP, ZERO) \
  switch (mode) { case cudaBoundaryModeZero: ZERO; break; case cudaBoundaryModeClamp: CLAMP; break; default: TRAP; break; }
static __device__ __forceinline__ void __warpc_suld_1d(uchar1 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { unsigned short a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.1d.b8.trap {%0}, [%1, {%2}];" : "=h"(a0) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.b8.clamp {%0}, [%1, {%2}];" : "=h"(a0) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.b8.zero {%0}, [%1, {%2}];" : "=h"(a0) : "l"(obj), "r"(x))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_1d(const uchar1 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.1d.b8.trap [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x)), asm volatile("sust.b.1d.b8.clamp [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x)), asm volatile("sust.b.1d.b8.zero [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x))) }
static __device__ __forceinline__ void __warpc_suld_2d(uchar1 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { unsigned short a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.2d.b8.trap {%0}, [%1, {%2, %3}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.b8.clamp {%0}, [%1, {%2, %3}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.b8.zero {%0}, [%1, {%2, %3}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_2d(const uchar1 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.2d.b8.trap [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x)), asm volatile("sust.b.2d.b8.clamp [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x)), asm volatile("sust.b.2d.b8.zero [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x))) }
static __device__ __forceinline__ void __warpc_suld_3d(uchar1 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { unsigned short a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.3d.b8.trap {%0}, [%1, {%2, %3, %4, %4}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.b8.clamp {%0}, [%1, {%2, %3, %4, %4}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.b8.zero {%0}, [%1, {%2, %3, %4, %4}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_3d(const uchar1 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.3d.b8.trap [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x)), asm volatile("sust.b.3d.b8.clamp [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x)), asm volatile("sust.b.3d.b8.zero [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x))) }
static __device__ __forceinline__ void __warpc_suld_1d(uchar2 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.1d.v2.b8.trap {%0, %1}, [%2, {%3}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v2.b8.clamp {%0, %1}, [%2, {%3}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v2.b8.zero {%0, %1}, [%2, {%3}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_1d(const uchar2 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.1d.v2.b8.trap [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.1d.v2.b8.clamp [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.1d.v2.b8.zero [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y))) }
static __device__ __forceinline__ void __warpc_suld_2d(uchar2 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.2d.v2.b8.trap {%0, %1}, [%2, {%3, %4}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v2.b8.clamp {%0, %1}, [%2, {%3, %4}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v2.b8.zero {%0, %1}, [%2, {%3, %4}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_2d(const uchar2 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.2d.v2.b8.trap [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.2d.v2.b8.clamp [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.2d.v2.b8.zero [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y))) }
static __device__ __forceinline__ void __warpc_suld_3d(uchar2 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.3d.v2.b8.trap {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v2.b8.clamp {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v2.b8.zero {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_3d(const uchar2 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.3d.v2.b8.trap [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.3d.v2.b8.clamp [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.3d.v2.b8.zero [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y))) }
static __device__ __forceinline__ void __warpc_suld_1d(uchar4 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1, a2, a3; __WARPC_SURF_SWITCH(asm volatile("suld.b.1d.v4.b8.trap {%0, %1, %2, %3}, [%4, {%5}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v4.b8.clamp {%0, %1, %2, %3}, [%4, {%5}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v4.b8.zero {%0, %1, %2, %3}, [%4, {%5}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x))) r->x = a0; r->y = a1; r->z = a2; r->w = a3; }
static __device__ __forceinline__ void __warpc_sust_1d(const uchar4 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.1d.v4.b8.trap [%0, {%1}], {%2, %3, %4, %5};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.1d.v4.b8.clamp [%0, {%1}], {%2, %3, %4, %5};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.1d.v4.b8.zero [%0, {%1}], {%2, %3, %4, %5};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w))) }
static __device__ __forceinline__ void __warpc_suld_2d(uchar4 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1, a2, a3; __WARPC_SURF_SWITCH(asm volatile("suld.b.2d.v4.b8.trap {%0, %1, %2, %3}, [%4, {%5, %6}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v4.b8.clamp {%0, %1, %2, %3}, [%4, {%5, %6}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v4.b8.zero {%0, %1, %2, %3}, [%4, {%5, %6}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y))) r->x = a0; r->y = a1; r->z = a2; r->w = a3; }
static __device__ __forceinline__ void __warpc_sust_2d(const uchar4 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.2d.v4.b8.trap [%0, {%1, %2}], {%3, %4, %5, %6};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.2d.v4.b8.clamp [%0, {%1, %2}], {%3, %4, %5, %6};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.2d.v4.b8.zero [%0, {%1, %2}], {%3, %4, %5, %6};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w))) }
static __device__ __forceinline__ void __warpc_suld_3d(uchar4 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1, a2, a3; __WARPC_SURF_SWITCH(asm volatile("suld.b.3d.v4.b8.trap {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v4.b8.clamp {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v4.b8.zero {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y), "r"(z))) r->x = a0; r->y = a1; r->z = a2; r->w = a3; }
static __device__ __forceinline__ void __warpc_sust_3d(const uchar4 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.3d.v4.b8.trap [%0, {%1, %2, %3, %3}], {%4, %5, %6, %7};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.3d.v4.b8.clamp [%0, {%1, %2, %3, %3}], {%4, %5, %6, %7};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.3d.v4.b8.zero [%0, {%1, %2, %3, %3}], {%4, %5, %6, %7};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w))) }
static __device__ __forceinline__ void __warpc_suld_1d(ushort1 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { unsigned short a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.1d.b16.trap {%0}, [%1, {%2}];" : "=h"(a0) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.b16.clamp {%0}, [%1, {%2}];" : "=h"(a0) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.b16.zero {%0}, [%1, {%2}];" : "=h"(a0) : "l"(obj), "r"(x))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_1d(const ushort1 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.1d.b16.trap [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x)), asm volatile("sust.b.1d.b16.clamp [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x)), asm volatile("sust.b.1d.b16.zero [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x))) }
static __device__ __forceinline__ void __warpc_suld_2d(ushort1 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { unsigned short a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.2d.b16.trap {%0}, [%1, {%2, %3}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.b16.clamp {%0}, [%1, {%2, %3}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.b16.zero {%0}, [%1, {%2, %3}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_2d(const ushort1 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.2d.b16.trap [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x)), asm volatile("sust.b.2d.b16.clamp [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x)), asm volatile("sust.b.2d.b16.zero [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x))) }
static __device__ __forceinline__ void __warpc_suld_3d(ushort1 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { unsigned short a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.3d.b16.trap {%0}, [%1, {%2, %3, %4, %4}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.b16.clamp {%0}, [%1, {%2, %3, %4, %4}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.b16.zero {%0}, [%1, {%2, %3, %4, %4}];" : "=h"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_3d(const ushort1 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.3d.b16.trap [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x)), asm volatile("sust.b.3d.b16.clamp [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x)), asm volatile("sust.b.3d.b16.zero [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x))) }
static __device__ __forceinline__ void __warpc_suld_1d(ushort2 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.1d.v2.b16.trap {%0, %1}, [%2, {%3}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v2.b16.clamp {%0, %1}, [%2, {%3}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v2.b16.zero {%0, %1}, [%2, {%3}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_1d(const ushort2 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.1d.v2.b16.trap [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.1d.v2.b16.clamp [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.1d.v2.b16.zero [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y))) }
static __device__ __forceinline__ void __warpc_suld_2d(ushort2 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.2d.v2.b16.trap {%0, %1}, [%2, {%3, %4}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v2.b16.clamp {%0, %1}, [%2, {%3, %4}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v2.b16.zero {%0, %1}, [%2, {%3, %4}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_2d(const ushort2 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.2d.v2.b16.trap [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.2d.v2.b16.clamp [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.2d.v2.b16.zero [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y))) }
static __device__ __forceinline__ void __warpc_suld_3d(ushort2 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.3d.v2.b16.trap {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v2.b16.clamp {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v2.b16.zero {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=h"(a0), "=h"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_3d(const ushort2 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.3d.v2.b16.trap [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.3d.v2.b16.clamp [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y)), asm volatile("sust.b.3d.v2.b16.zero [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y))) }
static __device__ __forceinline__ void __warpc_suld_1d(ushort4 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1, a2, a3; __WARPC_SURF_SWITCH(asm volatile("suld.b.1d.v4.b16.trap {%0, %1, %2, %3}, [%4, {%5}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v4.b16.clamp {%0, %1, %2, %3}, [%4, {%5}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v4.b16.zero {%0, %1, %2, %3}, [%4, {%5}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x))) r->x = a0; r->y = a1; r->z = a2; r->w = a3; }
static __device__ __forceinline__ void __warpc_sust_1d(const ushort4 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.1d.v4.b16.trap [%0, {%1}], {%2, %3, %4, %5};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.1d.v4.b16.clamp [%0, {%1}], {%2, %3, %4, %5};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.1d.v4.b16.zero [%0, {%1}], {%2, %3, %4, %5};" :: "l"(obj), "r"(x), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w))) }
static __device__ __forceinline__ void __warpc_suld_2d(ushort4 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1, a2, a3; __WARPC_SURF_SWITCH(asm volatile("suld.b.2d.v4.b16.trap {%0, %1, %2, %3}, [%4, {%5, %6}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v4.b16.clamp {%0, %1, %2, %3}, [%4, {%5, %6}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v4.b16.zero {%0, %1, %2, %3}, [%4, {%5, %6}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y))) r->x = a0; r->y = a1; r->z = a2; r->w = a3; }
static __device__ __forceinline__ void __warpc_sust_2d(const ushort4 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.2d.v4.b16.trap [%0, {%1, %2}], {%3, %4, %5, %6};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.2d.v4.b16.clamp [%0, {%1, %2}], {%3, %4, %5, %6};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.2d.v4.b16.zero [%0, {%1, %2}], {%3, %4, %5, %6};" :: "l"(obj), "r"(x), "r"(y), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w))) }
static __device__ __forceinline__ void __warpc_suld_3d(ushort4 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { unsigned short a0, a1, a2, a3; __WARPC_SURF_SWITCH(asm volatile("suld.b.3d.v4.b16.trap {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v4.b16.clamp {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v4.b16.zero {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];" : "=h"(a0), "=h"(a1), "=h"(a2), "=h"(a3) : "l"(obj), "r"(x), "r"(y), "r"(z))) r->x = a0; r->y = a1; r->z = a2; r->w = a3; }
static __device__ __forceinline__ void __warpc_sust_3d(const ushort4 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.3d.v4.b16.trap [%0, {%1, %2, %3, %3}], {%4, %5, %6, %7};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.3d.v4.b16.clamp [%0, {%1, %2, %3, %3}], {%4, %5, %6, %7};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w)), asm volatile("sust.b.3d.v4.b16.zero [%0, {%1, %2, %3, %3}], {%4, %5, %6, %7};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "h"((unsigned short)r->x), "h"((unsigned short)r->y), "h"((unsigned short)r->z), "h"((unsigned short)r->w))) }
static __device__ __forceinline__ void __warpc_suld_1d(uint1 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { unsigned int a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.1d.b32.trap {%0}, [%1, {%2}];" : "=r"(a0) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.b32.clamp {%0}, [%1, {%2}];" : "=r"(a0) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.b32.zero {%0}, [%1, {%2}];" : "=r"(a0) : "l"(obj), "r"(x))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_1d(const uint1 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.1d.b32.trap [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "r"((unsigned int)r->x)), asm volatile("sust.b.1d.b32.clamp [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "r"((unsigned int)r->x)), asm volatile("sust.b.1d.b32.zero [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "r"((unsigned int)r->x))) }
static __device__ __forceinline__ void __warpc_suld_2d(uint1 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { unsigned int a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.2d.b32.trap {%0}, [%1, {%2, %3}];" : "=r"(a0) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.b32.clamp {%0}, [%1, {%2, %3}];" : "=r"(a0) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.b32.zero {%0}, [%1, {%2, %3}];" : "=r"(a0) : "l"(obj), "r"(x), "r"(y))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_2d(const uint1 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.2d.b32.trap [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "r"((unsigned int)r->x)), asm volatile("sust.b.2d.b32.clamp [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "r"((unsigned int)r->x)), asm volatile("sust.b.2d.b32.zero [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "r"((unsigned int)r->x))) }
static __device__ __forceinline__ void __warpc_suld_3d(uint1 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { unsigned int a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.3d.b32.trap {%0}, [%1, {%2, %3, %4, %4}];" : "=r"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.b32.clamp {%0}, [%1, {%2, %3, %4, %4}];" : "=r"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.b32.zero {%0}, [%1, {%2, %3, %4, %4}];" : "=r"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_3d(const uint1 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.3d.b32.trap [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "r"((unsigned int)r->x)), asm volatile("sust.b.3d.b32.clamp [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "r"((unsigned int)r->x)), asm volatile("sust.b.3d.b32.zero [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "r"((unsigned int)r->x))) }
static __device__ __forceinline__ void __warpc_suld_1d(uint2 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { unsigned int a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.1d.v2.b32.trap {%0, %1}, [%2, {%3}];" : "=r"(a0), "=r"(a1) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v2.b32.clamp {%0, %1}, [%2, {%3}];" : "=r"(a0), "=r"(a1) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v2.b32.zero {%0, %1}, [%2, {%3}];" : "=r"(a0), "=r"(a1) : "l"(obj), "r"(x))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_1d(const uint2 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.1d.v2.b32.trap [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "r"((unsigned int)r->x), "r"((unsigned int)r->y)), asm volatile("sust.b.1d.v2.b32.clamp [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "r"((unsigned int)r->x), "r"((unsigned int)r->y)), asm volatile("sust.b.1d.v2.b32.zero [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "r"((unsigned int)r->x), "r"((unsigned int)r->y))) }
static __device__ __forceinline__ void __warpc_suld_2d(uint2 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { unsigned int a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.2d.v2.b32.trap {%0, %1}, [%2, {%3, %4}];" : "=r"(a0), "=r"(a1) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v2.b32.clamp {%0, %1}, [%2, {%3, %4}];" : "=r"(a0), "=r"(a1) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v2.b32.zero {%0, %1}, [%2, {%3, %4}];" : "=r"(a0), "=r"(a1) : "l"(obj), "r"(x), "r"(y))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_2d(const uint2 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.2d.v2.b32.trap [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "r"((unsigned int)r->x), "r"((unsigned int)r->y)), asm volatile("sust.b.2d.v2.b32.clamp [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "r"((unsigned int)r->x), "r"((unsigned int)r->y)), asm volatile("sust.b.2d.v2.b32.zero [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "r"((unsigned int)r->x), "r"((unsigned int)r->y))) }
static __device__ __forceinline__ void __warpc_suld_3d(uint2 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { unsigned int a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.3d.v2.b32.trap {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=r"(a0), "=r"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v2.b32.clamp {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=r"(a0), "=r"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v2.b32.zero {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=r"(a0), "=r"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_3d(const uint2 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.3d.v2.b32.trap [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "r"((unsigned int)r->x), "r"((unsigned int)r->y)), asm volatile("sust.b.3d.v2.b32.clamp [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "r"((unsigned int)r->x), "r"((unsigned int)r->y)), asm volatile("sust.b.3d.v2.b32.zero [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "r"((unsigned int)r->x), "r"((unsigned int)r->y))) }
static __device__ __forceinline__ void __warpc_suld_1d(uint4 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { unsigned int a0, a1, a2, a3; __WARPC_SURF_SWITCH(asm volatile("suld.b.1d.v4.b32.trap {%0, %1, %2, %3}, [%4, {%5}];" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v4.b32.clamp {%0, %1, %2, %3}, [%4, {%5}];" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v4.b32.zero {%0, %1, %2, %3}, [%4, {%5}];" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "l"(obj), "r"(x))) r->x = a0; r->y = a1; r->z = a2; r->w = a3; }
static __device__ __forceinline__ void __warpc_sust_1d(const uint4 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.1d.v4.b32.trap [%0, {%1}], {%2, %3, %4, %5};" :: "l"(obj), "r"(x), "r"((unsigned int)r->x), "r"((unsigned int)r->y), "r"((unsigned int)r->z), "r"((unsigned int)r->w)), asm volatile("sust.b.1d.v4.b32.clamp [%0, {%1}], {%2, %3, %4, %5};" :: "l"(obj), "r"(x), "r"((unsigned int)r->x), "r"((unsigned int)r->y), "r"((unsigned int)r->z), "r"((unsigned int)r->w)), asm volatile("sust.b.1d.v4.b32.zero [%0, {%1}], {%2, %3, %4, %5};" :: "l"(obj), "r"(x), "r"((unsigned int)r->x), "r"((unsigned int)r->y), "r"((unsigned int)r->z), "r"((unsigned int)r->w))) }
static __device__ __forceinline__ void __warpc_suld_2d(uint4 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { unsigned int a0, a1, a2, a3; __WARPC_SURF_SWITCH(asm volatile("suld.b.2d.v4.b32.trap {%0, %1, %2, %3}, [%4, {%5, %6}];" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v4.b32.clamp {%0, %1, %2, %3}, [%4, {%5, %6}];" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v4.b32.zero {%0, %1, %2, %3}, [%4, {%5, %6}];" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "l"(obj), "r"(x), "r"(y))) r->x = a0; r->y = a1; r->z = a2; r->w = a3; }
static __device__ __forceinline__ void __warpc_sust_2d(const uint4 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.2d.v4.b32.trap [%0, {%1, %2}], {%3, %4, %5, %6};" :: "l"(obj), "r"(x), "r"(y), "r"((unsigned int)r->x), "r"((unsigned int)r->y), "r"((unsigned int)r->z), "r"((unsigned int)r->w)), asm volatile("sust.b.2d.v4.b32.clamp [%0, {%1, %2}], {%3, %4, %5, %6};" :: "l"(obj), "r"(x), "r"(y), "r"((unsigned int)r->x), "r"((unsigned int)r->y), "r"((unsigned int)r->z), "r"((unsigned int)r->w)), asm volatile("sust.b.2d.v4.b32.zero [%0, {%1, %2}], {%3, %4, %5, %6};" :: "l"(obj), "r"(x), "r"(y), "r"((unsigned int)r->x), "r"((unsigned int)r->y), "r"((unsigned int)r->z), "r"((unsigned int)r->w))) }
static __device__ __forceinline__ void __warpc_suld_3d(uint4 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { unsigned int a0, a1, a2, a3; __WARPC_SURF_SWITCH(asm volatile("suld.b.3d.v4.b32.trap {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v4.b32.clamp {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v4.b32.zero {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "l"(obj), "r"(x), "r"(y), "r"(z))) r->x = a0; r->y = a1; r->z = a2; r->w = a3; }
static __device__ __forceinline__ void __warpc_sust_3d(const uint4 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.3d.v4.b32.trap [%0, {%1, %2, %3, %3}], {%4, %5, %6, %7};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "r"((unsigned int)r->x), "r"((unsigned int)r->y), "r"((unsigned int)r->z), "r"((unsigned int)r->w)), asm volatile("sust.b.3d.v4.b32.clamp [%0, {%1, %2, %3, %3}], {%4, %5, %6, %7};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "r"((unsigned int)r->x), "r"((unsigned int)r->y), "r"((unsigned int)r->z), "r"((unsigned int)r->w)), asm volatile("sust.b.3d.v4.b32.zero [%0, {%1, %2, %3, %3}], {%4, %5, %6, %7};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "r"((unsigned int)r->x), "r"((unsigned int)r->y), "r"((unsigned int)r->z), "r"((unsigned int)r->w))) }
static __device__ __forceinline__ void __warpc_suld_1d(ulonglong1 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { unsigned long long a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.1d.b64.trap {%0}, [%1, {%2}];" : "=l"(a0) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.b64.clamp {%0}, [%1, {%2}];" : "=l"(a0) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.b64.zero {%0}, [%1, {%2}];" : "=l"(a0) : "l"(obj), "r"(x))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_1d(const ulonglong1 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.1d.b64.trap [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "l"((unsigned long long)r->x)), asm volatile("sust.b.1d.b64.clamp [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "l"((unsigned long long)r->x)), asm volatile("sust.b.1d.b64.zero [%0, {%1}], {%2};" :: "l"(obj), "r"(x), "l"((unsigned long long)r->x))) }
static __device__ __forceinline__ void __warpc_suld_2d(ulonglong1 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { unsigned long long a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.2d.b64.trap {%0}, [%1, {%2, %3}];" : "=l"(a0) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.b64.clamp {%0}, [%1, {%2, %3}];" : "=l"(a0) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.b64.zero {%0}, [%1, {%2, %3}];" : "=l"(a0) : "l"(obj), "r"(x), "r"(y))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_2d(const ulonglong1 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.2d.b64.trap [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "l"((unsigned long long)r->x)), asm volatile("sust.b.2d.b64.clamp [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "l"((unsigned long long)r->x)), asm volatile("sust.b.2d.b64.zero [%0, {%1, %2}], {%3};" :: "l"(obj), "r"(x), "r"(y), "l"((unsigned long long)r->x))) }
static __device__ __forceinline__ void __warpc_suld_3d(ulonglong1 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { unsigned long long a0; __WARPC_SURF_SWITCH(asm volatile("suld.b.3d.b64.trap {%0}, [%1, {%2, %3, %4, %4}];" : "=l"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.b64.clamp {%0}, [%1, {%2, %3, %4, %4}];" : "=l"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.b64.zero {%0}, [%1, {%2, %3, %4, %4}];" : "=l"(a0) : "l"(obj), "r"(x), "r"(y), "r"(z))) r->x = a0; }
static __device__ __forceinline__ void __warpc_sust_3d(const ulonglong1 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.3d.b64.trap [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "l"((unsigned long long)r->x)), asm volatile("sust.b.3d.b64.clamp [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "l"((unsigned long long)r->x)), asm volatile("sust.b.3d.b64.zero [%0, {%1, %2, %3, %3}], {%4};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "l"((unsigned long long)r->x))) }
static __device__ __forceinline__ void __warpc_suld_1d(ulonglong2 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { unsigned long long a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.1d.v2.b64.trap {%0, %1}, [%2, {%3}];" : "=l"(a0), "=l"(a1) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v2.b64.clamp {%0, %1}, [%2, {%3}];" : "=l"(a0), "=l"(a1) : "l"(obj), "r"(x)), asm volatile("suld.b.1d.v2.b64.zero {%0, %1}, [%2, {%3}];" : "=l"(a0), "=l"(a1) : "l"(obj), "r"(x))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_1d(const ulonglong2 *r, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.1d.v2.b64.trap [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "l"((unsigned long long)r->x), "l"((unsigned long long)r->y)), asm volatile("sust.b.1d.v2.b64.clamp [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "l"((unsigned long long)r->x), "l"((unsigned long long)r->y)), asm volatile("sust.b.1d.v2.b64.zero [%0, {%1}], {%2, %3};" :: "l"(obj), "r"(x), "l"((unsigned long long)r->x), "l"((unsigned long long)r->y))) }
static __device__ __forceinline__ void __warpc_suld_2d(ulonglong2 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { unsigned long long a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.2d.v2.b64.trap {%0, %1}, [%2, {%3, %4}];" : "=l"(a0), "=l"(a1) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v2.b64.clamp {%0, %1}, [%2, {%3, %4}];" : "=l"(a0), "=l"(a1) : "l"(obj), "r"(x), "r"(y)), asm volatile("suld.b.2d.v2.b64.zero {%0, %1}, [%2, {%3, %4}];" : "=l"(a0), "=l"(a1) : "l"(obj), "r"(x), "r"(y))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_2d(const ulonglong2 *r, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.2d.v2.b64.trap [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "l"((unsigned long long)r->x), "l"((unsigned long long)r->y)), asm volatile("sust.b.2d.v2.b64.clamp [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "l"((unsigned long long)r->x), "l"((unsigned long long)r->y)), asm volatile("sust.b.2d.v2.b64.zero [%0, {%1, %2}], {%3, %4};" :: "l"(obj), "r"(x), "r"(y), "l"((unsigned long long)r->x), "l"((unsigned long long)r->y))) }
static __device__ __forceinline__ void __warpc_suld_3d(ulonglong2 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { unsigned long long a0, a1; __WARPC_SURF_SWITCH(asm volatile("suld.b.3d.v2.b64.trap {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=l"(a0), "=l"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v2.b64.clamp {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=l"(a0), "=l"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z)), asm volatile("suld.b.3d.v2.b64.zero {%0, %1}, [%2, {%3, %4, %5, %5}];" : "=l"(a0), "=l"(a1) : "l"(obj), "r"(x), "r"(y), "r"(z))) r->x = a0; r->y = a1; }
static __device__ __forceinline__ void __warpc_sust_3d(const ulonglong2 *r, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode) { __WARPC_SURF_SWITCH(asm volatile("sust.b.3d.v2.b64.trap [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "l"((unsigned long long)r->x), "l"((unsigned long long)r->y)), asm volatile("sust.b.3d.v2.b64.clamp [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "l"((unsigned long long)r->x), "l"((unsigned long long)r->y)), asm volatile("sust.b.3d.v2.b64.zero [%0, {%1, %2, %3, %3}], {%4, %5};" :: "l"(obj), "r"(x), "r"(y), "r"(z), "l"((unsigned long long)r->x), "l"((unsigned long long)r->y))) }
#undef __WARPC_SURF_SWITCH

/* The API: `F(T *ret, obj, ...)` and `F<T>(obj, ...)` reads, `F(T val, obj, ...)` writes. */
template <typename T> static __device__ typename __warpc_isurf_trait<T>::type surf1Dread(T *ptr, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) { __warpc_suld_1d((typename __warpc_isurf_trait<T>::raw *)ptr, obj, x, mode); }
template <class T> static __device__ T surf1Dread(cudaSurfaceObject_t surfObject, int x, cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap) { T ret; surf1Dread(&ret, surfObject, x, boundaryMode); return ret; }
template <typename T> static __device__ typename __warpc_isurf_trait<T>::type surf1Dwrite(T val, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) { __warpc_sust_1d((const typename __warpc_isurf_trait<T>::raw *)&val, obj, x, mode); }
template <typename T> static __device__ typename __warpc_isurf_trait<T>::type surf2Dread(T *ptr, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) { __warpc_suld_2d((typename __warpc_isurf_trait<T>::raw *)ptr, obj, x, y, mode); }
template <class T> static __device__ T surf2Dread(cudaSurfaceObject_t surfObject, int x, int y, cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap) { T ret; surf2Dread(&ret, surfObject, x, y, boundaryMode); return ret; }
template <typename T> static __device__ typename __warpc_isurf_trait<T>::type surf2Dwrite(T val, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) { __warpc_sust_2d((const typename __warpc_isurf_trait<T>::raw *)&val, obj, x, y, mode); }
template <typename T> static __device__ typename __warpc_isurf_trait<T>::type surf3Dread(T *ptr, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) { __warpc_suld_3d((typename __warpc_isurf_trait<T>::raw *)ptr, obj, x, y, z, mode); }
template <class T> static __device__ T surf3Dread(cudaSurfaceObject_t surfObject, int x, int y, int z, cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap) { T ret; surf3Dread(&ret, surfObject, x, y, z, boundaryMode); return ret; }
template <typename T> static __device__ typename __warpc_isurf_trait<T>::type surf3Dwrite(T val, cudaSurfaceObject_t obj, int x, int y, int z, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) { __warpc_sust_3d((const typename __warpc_isurf_trait<T>::raw *)&val, obj, x, y, z, mode); }
#undef __WARPC_P

#endif /* __cplusplus */
#endif /* __WARPC_TEXTURE_H__ */
