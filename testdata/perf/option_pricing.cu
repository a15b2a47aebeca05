// Perf: option pricing with two structs passed by value (market data and contract), as
// quantitative libraries write it: a Black-Scholes price with its Greeks, then a 24-step
// binomial tree over a local array for the American price.
struct Market {
  double spot, rate, dividend, vol;
  double vol_skew, vol_curve;
  int day_count;
  int flags;
};

struct Contract {
  double strike, expiry;
  double barrier, rebate;
  int is_call;
  int is_american;
  double notional;
};

__device__ double ncdf(double x) { return 0.5 * erfc(-x * 0.7071067811865476); }
__device__ double npdf(double x) { return 0.3989422804014327 * exp(-0.5 * x * x); }

__device__ void price(Market m, Contract c, double *res) {
  double t = c.expiry * (m.day_count == 360 ? 365.0 / 360.0 : 1.0);
  double mny = log(m.spot / c.strike);
  double vol = m.vol + m.vol_skew * mny + m.vol_curve * mny * mny;
  double sqt = sqrt(t);
  double d1 = (mny + (m.rate - m.dividend + 0.5 * vol * vol) * t) / (vol * sqt);
  double d2 = d1 - vol * sqt;
  double df = exp(-m.rate * t), qf = exp(-m.dividend * t);
  double sign = c.is_call ? 1.0 : -1.0;
  double bs = sign * (m.spot * qf * ncdf(sign * d1) - c.strike * df * ncdf(sign * d2));
  double delta = sign * qf * ncdf(sign * d1);
  double gamma = qf * npdf(d1) / (m.spot * vol * sqt);
  double vega = m.spot * qf * npdf(d1) * sqt;
  double theta = -m.spot * qf * npdf(d1) * vol / (2.0 * sqt) -
                 sign * m.rate * c.strike * df * ncdf(sign * d2) +
                 sign * m.dividend * m.spot * qf * ncdf(sign * d1);
  double rho = sign * c.strike * t * df * ncdf(sign * d2);
  // Binomial tree (Cox-Ross-Rubinstein), 24 steps.
  const int N = 24;
  double dt = t / N;
  double u = exp(vol * sqrt(dt)), d = 1.0 / u;
  double p = (exp((m.rate - m.dividend) * dt) - d) / (u - d);
  double disc = exp(-m.rate * dt);
  double v[N + 1];
  for (int k = 0; k <= N; ++k) {
    double s = m.spot * pow(u, (double)(N - k)) * pow(d, (double)k);
    v[k] = fmax(sign * (s - c.strike), 0.0);
  }
  for (int step = N - 1; step >= 0; --step) {
    for (int k = 0; k <= step; ++k) {
      double cont = disc * (p * v[k] + (1.0 - p) * v[k + 1]);
      if (c.is_american) {
        double s = m.spot * pow(u, (double)(step - k)) * pow(d, (double)k);
        cont = fmax(cont, sign * (s - c.strike));
      }
      if ((m.flags & 1) && c.barrier > 0.0 && m.spot > c.barrier) cont = c.rebate;
      v[k] = cont;
    }
  }
  res[0] = bs * c.notional;
  res[1] = delta;
  res[2] = gamma;
  res[3] = vega;
  res[4] = theta;
  res[5] = rho;
  res[6] = v[0] * c.notional;
}

extern "C" __global__ void option_pricing(const double *data, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double *q = data + 8 * i;
  Market m = {q[0], q[1], q[2], q[3], 0.05, 0.02, (i & 1) ? 360 : 365, i & 3};
  Contract c = {q[4], q[5], q[6], q[7], i & 1, (i >> 1) & 1, 100.0};
  price(m, c, out + 7 * i);
}
