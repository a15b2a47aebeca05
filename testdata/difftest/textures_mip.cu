// Mipmapped textures: tex2DLod (tex.level) over a mipmapped array of 5 levels: the level of
// detail with the texture's bias and clamps picks the nearest level or blends the two around it
// (mipmap filter point or linear), each sampled with the texture's filter at its own size.
// ARGS: -arch=sm_80 -O3
extern "C" __global__ void sample_lod(cudaTextureObject_t t, const float4 *c, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DLod<float4>(t, c[i].x, c[i].y, c[i].z);
}
