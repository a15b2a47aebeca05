// Perf: adaptive-cubature-like kernel in double. Each thread integrates a smooth function over
// its own box with a 7-point Gauss-Kronrod rule per dimension (2-D tensor product) and keeps
// many double accumulators live at once: the integral, the error estimate and per-node partial
// sums for both rules and for the four sub-boxes used to pick a split direction.
__device__ double f(double x, double y, double a, double b) {
  double r2 = x * x + y * y;
  return exp(-a * r2) * cos(b * x) + 1.0 / (1.0 + r2) - sin(x * y * b);
}

extern "C" __global__ void cubature(const double *params, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double a = params[4 * i + 0], b = params[4 * i + 1];
  const double cx = params[4 * i + 2], cy = params[4 * i + 3];
  const double h = 0.5;
  // Kronrod 7-point nodes and weights on [-1, 1], with the embedded Gauss 3-point weights.
  const double xk[7] = {-0.9604912687080203, -0.7745966692414834, -0.4342437493468026, 0.0,
                        0.4342437493468026, 0.7745966692414834, 0.9604912687080203};
  const double wk[7] = {0.1046562260264673, 0.2684880898683334, 0.4013974147759622,
                        0.4509165386584741, 0.4013974147759622, 0.2684880898683334,
                        0.1046562260264673};
  const double wg[7] = {0.0, 0.5555555555555556, 0.0, 0.8888888888888888, 0.0,
                        0.5555555555555556, 0.0};
  double ik = 0.0, ig = 0.0, ix_lo = 0.0, ix_hi = 0.0, iy_lo = 0.0, iy_hi = 0.0;
  double m1x = 0.0, m1y = 0.0, m2x = 0.0, m2y = 0.0, mxy = 0.0, amax = 0.0;
  double col[7], row[7];
  for (int k = 0; k < 7; ++k) { col[k] = 0.0; row[k] = 0.0; }
#pragma unroll
  for (int p = 0; p < 7; ++p) {
#pragma unroll
    for (int q = 0; q < 7; ++q) {
      double x = cx + h * xk[p], y = cy + h * xk[q];
      double v = f(x, y, a, b);
      double w = wk[p] * wk[q];
      ik += w * v;
      ig += wg[p] * wg[q] * v;
      if (p < 3) ix_lo += w * v;
      if (p > 3) ix_hi += w * v;
      if (q < 3) iy_lo += w * v;
      if (q > 3) iy_hi += w * v;
      m1x += w * v * x;
      m1y += w * v * y;
      m2x += w * v * x * x;
      m2y += w * v * y * y;
      mxy += w * v * x * y;
      amax = fmax(amax, fabs(v));
      col[p] += w * v;
      row[q] += w * v;
    }
  }
  // The outputs are sums and products, not differences of nearly equal sums (the error
  // estimate |ik - ig| is one): those lose most of their bits to cancellation, and the
  // difftest compares warpc's results with NVRTC's in ULPs.
  double area = h * h;
  double err = fabs(ik - ig) * area;
  double split = fabs(ix_lo - ix_hi) > fabs(iy_lo - iy_hi) ? 2.0 : 1.0;
  double cvar = 0.0, rvar = 0.0;
  for (int k = 0; k < 7; ++k) {
    cvar += col[k] * col[k];
    rvar += row[k] * row[k];
  }
  out[8 * i + 0] = ik * area;
  out[8 * i + 1] = ig * area + (err > 1.0 ? 1.0 : 0.0);
  out[8 * i + 2] = (ix_lo + ix_hi) * split;
  out[8 * i + 3] = (m1x + m1y) / ik;
  out[8 * i + 4] = (m2x + m2y + mxy) / ik;
  out[8 * i + 5] = amax + iy_lo * iy_hi;
  out[8 * i + 6] = cvar;
  out[8 * i + 7] = rvar;
}
