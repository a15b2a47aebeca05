// A constexpr __host__ function (libstdc++'s numeric_limits<T>::max) called from device code
// without --expt-relaxed-constexpr: nvcc's error (codegen/std_limits.cu passes the flag).
#include <limits>
constexpr int twice(int v) { return 2 * v; }
__global__ void k(float *f, int *o) {
  f[0] = std::numeric_limits<float>::max();
  o[0] = twice(o[1]);
}
