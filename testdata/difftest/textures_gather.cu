// tex2Dgather (tld4): the component of the four texels a bilinear filter would read, in the order
// (i, j+1), (i+1, j+1), (i+1, j), (i, j), through a clamped float4 texture.
// ARGS: -arch=sm_80 -O3
extern "C" __global__ void gather2d(cudaTextureObject_t t, const float2 *c, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[2 * i] = tex2Dgather<float4>(t, c[i].x, c[i].y, 0);
  out[2 * i + 1] = tex2Dgather<float4>(t, c[i].x, c[i].y, 2);
}
