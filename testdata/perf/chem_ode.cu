// Perf: one implicit-explicit step of a small reaction mechanism (9 species, 14 reactions), as
// chemistry solvers generate it: straight-line Arrhenius rates, production and destruction
// terms per species, then a few fixed-point corrector iterations. Every species, rate and
// derivative is live at once.
#define NS 9

__device__ float arrhenius(float a, float b, float ea, float logt, float rt) {
  return a * __expf(b * logt - ea * rt);
}

extern "C" __global__ void chem_ode(const float *state, const float *temps, float *out,
                                    float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float y[NS];
#pragma unroll
  for (int s = 0; s < NS; ++s) y[s] = state[i * NS + s];
  float t = temps[i];
  float logt = __logf(t), rt = 1.0f / t;
  float k0 = arrhenius(3.5e3f, -0.4f, 8.4e3f, logt, rt);
  float k1 = arrhenius(5.1e1f, 2.7f, 3.15e3f, logt, rt);
  float k2 = arrhenius(2.1e2f, 1.5f, 1.73e3f, logt, rt);
  float k3 = arrhenius(5.7e1f, 2.0f, 5.0e3f, logt, rt);
  float k4 = arrhenius(1.1e4f, -1.0f, 0.0f, logt, rt);
  float k5 = arrhenius(4.5e2f, -0.6f, 0.0f, logt, rt);
  float k6 = arrhenius(6.2e3f, -0.3f, 1.0e2f, logt, rt);
  float k7 = arrhenius(1.7e2f, 0.0f, 4.1e2f, logt, rt);
  float k8 = arrhenius(6.6e1f, 0.1f, 1.5e2f, logt, rt);
  float k9 = arrhenius(7.1e2f, 0.0f, 1.4e2f, logt, rt);
  float k10 = arrhenius(2.9e2f, 0.2f, -2.5e2f, logt, rt);
  float k11 = arrhenius(4.2e1f, 0.0f, 6.0e3f, logt, rt);
  float k12 = arrhenius(1.3e2f, 0.0f, 1.6e3f, logt, rt);
  float k13 = arrhenius(2.4e3f, -0.8f, 0.0f, logt, rt);
  float y0[NS];
#pragma unroll
  for (int s = 0; s < NS; ++s) y0[s] = y[s];
#pragma unroll 1
  for (int it = 0; it < 4; ++it) {
    float r0 = k0 * y[0] * y[1], r1 = k1 * y[2] * y[1], r2 = k2 * y[3] * y[1];
    float r3 = k3 * y[3] * y[3], r4 = k4 * y[0] * y[0], r5 = k5 * y[0] * y[4];
    float r6 = k6 * y[0] * y[5], r7 = k7 * y[5] * y[4], r8 = k8 * y[6] * y[0];
    float r9 = k9 * y[6] * y[4], r10 = k10 * y[7] * y[7], r11 = k11 * y[7] * y[8];
    float r12 = k12 * y[8] * y[2], r13 = k13 * y[2] * y[5];
    float p[NS], d[NS];
    p[0] = r1 + r2 + r7; d[0] = r0 + 2.0f * r4 + r5 + r6 + r8;
    p[1] = r4 + r5 + r12; d[1] = r0 + r1 + r2;
    p[2] = r0 + r3 + r11; d[2] = r1 + r12 + r13;
    p[3] = r0 + r9 + r10; d[3] = r2 + 2.0f * r3;
    p[4] = r1 + r6 + r13; d[4] = r5 + r7 + r9;
    p[5] = r2 + r5 + r8; d[5] = r6 + r7 + r13;
    p[6] = r3 + r10 + r12; d[6] = r8 + r9;
    p[7] = r6 + r8 + r9; d[7] = 2.0f * r10 + r11;
    p[8] = r7 + r13 + r4; d[8] = r11 + r12;
#pragma unroll
    for (int s = 0; s < NS; ++s) {
      float loss = d[s] / fmaxf(y[s], 1e-20f);
      y[s] = (y0[s] + dt * p[s]) / (1.0f + dt * loss);
    }
  }
  float mass = 0.0f;
#pragma unroll
  for (int s = 0; s < NS; ++s) {
    out[i * (NS + 1) + s] = y[s];
    mass += y[s];
  }
  out[i * (NS + 1) + NS] = mass;
}
