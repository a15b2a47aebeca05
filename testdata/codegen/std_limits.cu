// std::numeric_limits in device code (warpc's <limits>: explicit specializations of a class template).
#include <limits>
__global__ void k(float *f, int *o) { f[0] = std::numeric_limits<float>::max(); o[0] = std::numeric_limits<int>::min(); o[1] = std::numeric_limits<int>::max(); }
// CHECK: .entry _Z1kPfPi(
// CHECK: 2139095039
// CHECK: -2147483648
// CHECK: 2147483647
