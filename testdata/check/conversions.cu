// Usual arithmetic conversions: unsigned wins at equal rank, long long over unsigned int,
// float over integers; all of these are valid.
__device__ unsigned mix(int a, unsigned b, long long c, float f) {
  unsigned u = a + b;
  long long w = c + b;
  float g = f * a;
  return u + (unsigned)w + (unsigned)g;
}
extern "C" __global__ void k(unsigned *p) { p[0] = mix(-1, 2u, 3ll, 1.5f); }
