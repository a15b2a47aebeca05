// Perf: long straight-line float math with more than 50 live values: an 8x8 matrix held in
// registers, squared and multiplied into two vectors, plus a rational approximation per entry.
extern "C" __global__ void poly_f32(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float m[8][8];
  const float *p = in + 64 * i;
#pragma unroll
  for (int r = 0; r < 8; ++r)
#pragma unroll
    for (int c = 0; c < 8; ++c) m[r][c] = p[8 * r + c];
  float sq[8][8];
#pragma unroll
  for (int r = 0; r < 8; ++r)
#pragma unroll
    for (int c = 0; c < 8; ++c) {
      float acc = 0.0f;
#pragma unroll
      for (int k = 0; k < 8; ++k) acc += m[r][k] * m[k][c];
      sq[r][c] = acc;
    }
  float u[8], v[8];
#pragma unroll
  for (int r = 0; r < 8; ++r) {
    float a = 0.0f, b = 0.0f;
#pragma unroll
    for (int c = 0; c < 8; ++c) {
      float t = sq[r][c];
      float g = (t * (1.0f + 0.5f * t)) / (1.0f + t * t);
      a += g * m[c][r];
      b += t * m[r][c];
    }
    u[r] = a;
    v[r] = b;
  }
  float *o = out + 16 * i;
#pragma unroll
  for (int r = 0; r < 8; ++r) {
    o[r] = u[r] * v[7 - r];
    o[8 + r] = u[r] - v[r];
  }
}
