// Perf: unrolled high-order 3-D stencil (radius 4 star, 25 points) with a 2.5-D register queue
// along z, as finite-difference seismic codes write it: each thread walks a column in z and
// keeps the 9 z-neighbours in registers.
#define R 4

extern "C" __global__ void stencil(const float *in, float *out, int nx, int ny, int nz,
                                   float c0, float c1, float c2, float c3, float c4) {
  int x = blockIdx.x * blockDim.x + threadIdx.x + R;
  int y = blockIdx.y * blockDim.y + threadIdx.y + R;
  if (x >= nx - R || y >= ny - R) return;
  long plane = (long)nx * ny;
  long idx = (long)y * nx + x;
  float q0 = in[idx + 0 * plane], q1 = in[idx + 1 * plane], q2 = in[idx + 2 * plane];
  float q3 = in[idx + 3 * plane], q4 = in[idx + 4 * plane], q5 = in[idx + 5 * plane];
  float q6 = in[idx + 6 * plane], q7 = in[idx + 7 * plane];
  for (int z = R; z < nz - R; ++z) {
    float q8 = in[idx + (long)(z + R) * plane];
    const float *p = in + idx + (long)z * plane;
    float lap = c0 * q4;
    lap += c1 * (q3 + q5 + p[-1] + p[1] + p[-nx] + p[nx]);
    lap += c2 * (q2 + q6 + p[-2] + p[2] + p[-2 * nx] + p[2 * nx]);
    lap += c3 * (q1 + q7 + p[-3] + p[3] + p[-3 * nx] + p[3 * nx]);
    lap += c4 * (q0 + q8 + p[-4] + p[4] + p[-4 * nx] + p[4 * nx]);
    out[idx + (long)z * plane] = lap;
    q0 = q1; q1 = q2; q2 = q3; q3 = q4; q4 = q5; q5 = q6; q6 = q7; q7 = q8;
  }
}
