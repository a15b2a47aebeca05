// Perf: nuclear cross-section lookup (XSBench-like). Each thread samples an energy and a
// material, binary-searches every nuclide's energy grid, interpolates five cross sections and
// accumulates them weighted by the nuclide's concentration.
#define NUC 12
#define GRID 64

struct XS { double total, elastic, absorb, fission, nufission; };

__device__ int search(const double *egrid, double e) {
  int lo = 0, hi = GRID - 1;
  while (hi - lo > 1) {
    int mid = (lo + hi) / 2;
    if (egrid[mid] > e) hi = mid; else lo = mid;
  }
  return lo;
}

__device__ XS micro(const double *egrid, const double *xs, double e) {
  int idx = search(egrid, e);
  double e0 = egrid[idx], e1 = egrid[idx + 1];
  double f = (e1 - e) / (e1 - e0);
  const double *lo = xs + 5 * idx, *hi = xs + 5 * (idx + 1);
  XS r;
  r.total = hi[0] - f * (hi[0] - lo[0]);
  r.elastic = hi[1] - f * (hi[1] - lo[1]);
  r.absorb = hi[2] - f * (hi[2] - lo[2]);
  r.fission = hi[3] - f * (hi[3] - lo[3]);
  r.nufission = hi[4] - f * (hi[4] - lo[4]);
  return r;
}

extern "C" __global__ void xs_lookup(const double *egrids, const double *xsdata,
                                     const double *conc, const int *mats,
                                     const double *energies, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double e = energies[i];
  int mat = mats[i];
  double dens[NUC];
  for (int k = 0; k < NUC; ++k) dens[k] = conc[mat * NUC + k];
  XS macro = {0, 0, 0, 0, 0};
  double maxt = 0.0, mint = 1e300;
  int argmax = -1;
  for (int k = 0; k < NUC; ++k) {
    if (dens[k] == 0.0) continue;
    XS m = micro(egrids + k * GRID, xsdata + k * GRID * 5, e);
    macro.total += dens[k] * m.total;
    macro.elastic += dens[k] * m.elastic;
    macro.absorb += dens[k] * m.absorb;
    macro.fission += dens[k] * m.fission;
    macro.nufission += dens[k] * m.nufission;
    if (m.total > maxt) { maxt = m.total; argmax = k; }
    mint = fmin(mint, m.total);
  }
  out[8 * i + 0] = macro.total;
  out[8 * i + 1] = macro.elastic;
  out[8 * i + 2] = macro.absorb;
  out[8 * i + 3] = macro.fission;
  out[8 * i + 4] = macro.nufission;
  out[8 * i + 5] = maxt;
  out[8 * i + 6] = mint;
  out[8 * i + 7] = (double)argmax;
}
