// Cube map textures (texCubemap, texCubemapLayered: tex.cube / tex.acube): a direction picks
// the face of its largest component and a point in it (the CUDA programming guide's "Cubemap
// Textures" table), sampled with point and linear filtering (the address mode, wrap, applies
// within the face: an H100 does not filter across the faces' edges).
// ARGS: -arch=sm_80 -O3
extern "C" __global__ void sample_cube(cudaTextureObject_t t, const float4 *c, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = texCubemap<float4>(t, c[i].x, c[i].y, c[i].z);
}

extern "C" __global__ void sample_cube_layered(cudaTextureObject_t t, const float4 *c, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = texCubemapLayered<float>(t, c[i].x, c[i].y, c[i].z, i % 3);
}
