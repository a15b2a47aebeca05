/*
 * __warpc_texture.h: texture and surface objects (the device side of the toolkit's
 * texture_indirect_functions.h and surface_indirect_functions.h), included by the prelude.
 *
 * The device functions are the toolkit's: each passes its operation by name to the compiler
 * builtin __nv_tex_surf_handler ("__itex2D", "__isurf2Dread", ...), which codegen lowers to the
 * instruction cicc selects (crates/codegen/src/texsurf.rs, docs/builtins.md). The element types
 * are nvcc's (__nv_itex_trait, __nv_isurf_trait): another T has no `type`, so no overload
 * matches, the error nvcc gives.
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

/* ---- textures: the toolkit's texture_indirect_functions.h, over __nv_tex_surf_handler ---- */

template <typename T> struct __warpc_itex_trait { };
#define __WARPC_ITEX(T) template <> struct __warpc_itex_trait<T> { typedef void type; };
__WARPC_ITEX(char) __WARPC_ITEX(signed char) __WARPC_ITEX(char1) __WARPC_ITEX(char2) __WARPC_ITEX(char4)
__WARPC_ITEX(unsigned char) __WARPC_ITEX(uchar1) __WARPC_ITEX(uchar2) __WARPC_ITEX(uchar4)
__WARPC_ITEX(short) __WARPC_ITEX(short1) __WARPC_ITEX(short2) __WARPC_ITEX(short4)
__WARPC_ITEX(unsigned short) __WARPC_ITEX(ushort1) __WARPC_ITEX(ushort2) __WARPC_ITEX(ushort4)
__WARPC_ITEX(int) __WARPC_ITEX(int1) __WARPC_ITEX(int2) __WARPC_ITEX(int4)
__WARPC_ITEX(unsigned int) __WARPC_ITEX(uint1) __WARPC_ITEX(uint2) __WARPC_ITEX(uint4)
__WARPC_ITEX(float) __WARPC_ITEX(float1) __WARPC_ITEX(float2) __WARPC_ITEX(float4)
#undef __WARPC_ITEX

#define __WARPC_P(...) __VA_ARGS__
/* The API pair: `F(T *ret, obj, PARAMS)` and `F<T>(obj, PARAMS)`. */
#define __WARPC_TEX(F, OP, PARAMS, ARGS) \
  template <typename T> static __device__ typename __warpc_itex_trait<T>::type F(T *ptr, cudaTextureObject_t obj, PARAMS) { \
    __nv_tex_surf_handler(OP, ptr, obj, ARGS); } \
  template <class T> static __device__ T F(cudaTextureObject_t texObject, PARAMS) { T ret; F(&ret, texObject, ARGS); return ret; }
__WARPC_TEX(tex1Dfetch, "__itex1Dfetch", int x, x)
__WARPC_TEX(tex1D, "__itex1D", float x, x)
__WARPC_TEX(tex2D, "__itex2D", __WARPC_P(float x, float y), __WARPC_P(x, y))
__WARPC_TEX(tex3D, "__itex3D", __WARPC_P(float x, float y, float z), __WARPC_P(x, y, z))
__WARPC_TEX(tex1DLayered, "__itex1DLayered", __WARPC_P(float x, int layer), __WARPC_P(x, layer))
__WARPC_TEX(tex2DLayered, "__itex2DLayered", __WARPC_P(float x, float y, int layer), __WARPC_P(x, y, layer))
__WARPC_TEX(texCubemap, "__itexCubemap", __WARPC_P(float x, float y, float z), __WARPC_P(x, y, z))
__WARPC_TEX(texCubemapLayered, "__itexCubemapLayered", __WARPC_P(float x, float y, float z, int layer), __WARPC_P(x, y, z, layer))
__WARPC_TEX(tex1DLod, "__itex1DLod", __WARPC_P(float x, float level), __WARPC_P(x, level))
__WARPC_TEX(tex2DLod, "__itex2DLod", __WARPC_P(float x, float y, float level), __WARPC_P(x, y, level))
__WARPC_TEX(tex3DLod, "__itex3DLod", __WARPC_P(float x, float y, float z, float level), __WARPC_P(x, y, z, level))
__WARPC_TEX(tex1DLayeredLod, "__itex1DLayeredLod", __WARPC_P(float x, int layer, float level), __WARPC_P(x, layer, level))
__WARPC_TEX(tex2DLayeredLod, "__itex2DLayeredLod", __WARPC_P(float x, float y, int layer, float level), __WARPC_P(x, y, layer, level))
__WARPC_TEX(texCubemapLod, "__itexCubemapLod", __WARPC_P(float x, float y, float z, float level), __WARPC_P(x, y, z, level))
__WARPC_TEX(texCubemapLayeredLod, "__itexCubemapLayeredLod", __WARPC_P(float x, float y, float z, int layer, float level), __WARPC_P(x, y, z, layer, level))
#undef __WARPC_TEX
/* tex2Dgather: tld4 of component `comp` (0..3: r, g, b, a). */
template <typename T> static __device__ typename __warpc_itex_trait<T>::type tex2Dgather(T *ptr, cudaTextureObject_t obj, float x, float y, int comp = 0) {
  __nv_tex_surf_handler("__itex2Dgather", ptr, obj, x, y, comp); }
template <class T> static __device__ T tex2Dgather(cudaTextureObject_t to, float x, float y, int comp = 0) {
  T ret; tex2Dgather(&ret, to, x, y, comp); return ret; }

/* ---- surfaces: the toolkit's surface_indirect_functions.h, over __nv_tex_surf_handler ---- */

template <typename T> struct __warpc_isurf_trait { };
#define __WARPC_ISURF(T) template <> struct __warpc_isurf_trait<T> { typedef void type; };
__WARPC_ISURF(char) __WARPC_ISURF(signed char) __WARPC_ISURF(char1) __WARPC_ISURF(unsigned char) __WARPC_ISURF(uchar1)
__WARPC_ISURF(short) __WARPC_ISURF(short1) __WARPC_ISURF(unsigned short) __WARPC_ISURF(ushort1)
__WARPC_ISURF(int) __WARPC_ISURF(int1) __WARPC_ISURF(unsigned int) __WARPC_ISURF(uint1)
__WARPC_ISURF(long long) __WARPC_ISURF(longlong1) __WARPC_ISURF(unsigned long long) __WARPC_ISURF(ulonglong1)
__WARPC_ISURF(float) __WARPC_ISURF(float1)
__WARPC_ISURF(char2) __WARPC_ISURF(uchar2) __WARPC_ISURF(short2) __WARPC_ISURF(ushort2)
__WARPC_ISURF(int2) __WARPC_ISURF(uint2) __WARPC_ISURF(longlong2) __WARPC_ISURF(ulonglong2) __WARPC_ISURF(float2)
__WARPC_ISURF(char4) __WARPC_ISURF(uchar4) __WARPC_ISURF(short4) __WARPC_ISURF(ushort4)
__WARPC_ISURF(int4) __WARPC_ISURF(uint4) __WARPC_ISURF(float4)
#undef __WARPC_ISURF

/* The API: `F##read(T *ret, obj, ...)` and `F##read<T>(obj, ...)` reads, `F##write(T val, obj, ...)` writes. */
#define __WARPC_SURF(F, READ, WRITE, PARAMS, ARGS) \
  template <typename T> static __device__ typename __warpc_isurf_trait<T>::type F##read(T *ptr, cudaSurfaceObject_t obj, PARAMS, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) { \
    __nv_tex_surf_handler(READ, ptr, obj, ARGS, mode); } \
  template <class T> static __device__ T F##read(cudaSurfaceObject_t surfObject, PARAMS, cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap) { \
    T ret; F##read(&ret, surfObject, ARGS, boundaryMode); return ret; } \
  template <typename T> static __device__ typename __warpc_isurf_trait<T>::type F##write(T val, cudaSurfaceObject_t obj, PARAMS, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) { \
    __nv_tex_surf_handler(WRITE, &val, obj, ARGS, mode); }
__WARPC_SURF(surf1D, "__isurf1Dread", "__isurf1Dwrite_v2", int x, x)
__WARPC_SURF(surf2D, "__isurf2Dread", "__isurf2Dwrite_v2", __WARPC_P(int x, int y), __WARPC_P(x, y))
__WARPC_SURF(surf3D, "__isurf3Dread", "__isurf3Dwrite_v2", __WARPC_P(int x, int y, int z), __WARPC_P(x, y, z))
__WARPC_SURF(surf1DLayered, "__isurf1DLayeredread", "__isurf1DLayeredwrite_v2", __WARPC_P(int x, int layer), __WARPC_P(x, layer))
__WARPC_SURF(surf2DLayered, "__isurf2DLayeredread", "__isurf2DLayeredwrite_v2", __WARPC_P(int x, int y, int layer), __WARPC_P(x, y, layer))
__WARPC_SURF(surfCubemap, "__isurfCubemapread", "__isurfCubemapwrite_v2", __WARPC_P(int x, int y, int face), __WARPC_P(x, y, face))
__WARPC_SURF(surfCubemapLayered, "__isurfCubemapLayeredread", "__isurfCubemapLayeredwrite_v2", __WARPC_P(int x, int y, int layerface), __WARPC_P(x, y, layerface))
#undef __WARPC_SURF
#undef __WARPC_P

#endif /* __cplusplus */
#endif /* __WARPC_TEXTURE_H__ */
