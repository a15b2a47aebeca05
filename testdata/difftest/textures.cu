// Texture and surface objects through the emulator's texture unit. The launch specs create the
// arrays and objects: one kernel samples a list of coordinates through a texture whose address
// modes, filter, coordinate normalization and read mode vary by launch (clamp, wrap, mirror,
// border; point and linear filtering with the hardware's 1.8 fixed-point weights; channels the
// format lacks), others fetch from linear memory and read and write surfaces.
// ARGS: -arch=sm_80 -O3
extern "C" __global__ void sample2d(cudaTextureObject_t t, const float2 *c, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float4>(t, c[i].x, c[i].y);
}

extern "C" __global__ void sample1d_int(cudaTextureObject_t t, const float *c, int4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1D<int4>(t, c[i]);
}

extern "C" __global__ void sample_layered(cudaTextureObject_t t, const float2 *c, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DLayered<float>(t, c[i].x, c[i].y, i % 3);
}

extern "C" __global__ void fetch(cudaTextureObject_t t, const int *idx, float2 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float2>(t, idx[i]);
}

// Each thread reads a 2-pixel-wide uchar4 window with clamped coordinates (the x coordinate is
// in bytes) and writes the sum to the destination surface.
extern "C" __global__ void surf_sum(cudaSurfaceObject_t src, cudaSurfaceObject_t dst, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  uchar4 a = surf2Dread<uchar4>(src, (x - 1) * 4, y, cudaBoundaryModeClamp);
  uchar4 b = surf2Dread<uchar4>(src, (x + 1) * 4, y + 1, cudaBoundaryModeZero);
  surf2Dwrite(make_uchar4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w), dst, x * 4, y);
}
