// std::numeric_limits in device code (libstdc++'s <limits>: explicit specializations of a class
// template whose constexpr host members device code calls with --expt-relaxed-constexpr, as nvcc).
// ARGS: -arch=sm_90 -O3 --expt-relaxed-constexpr
#include <limits>
__global__ void k(float *f, int *o) { f[0] = std::numeric_limits<float>::max(); o[0] = std::numeric_limits<int>::min(); o[1] = std::numeric_limits<int>::max(); }
// CHECK: .entry _Z1kPfPi(
// CHECK: 2139095039
// CHECK: -2147483648
// CHECK: 2147483647
// Static data members: digits, is_signed, is_integer, digits10, is_specialized.
template <class T> __device__ int info() { return std::numeric_limits<T>::digits * 4 + std::numeric_limits<T>::is_signed * 2 + std::numeric_limits<T>::is_integer; }
__global__ void members(int *q) { q[0] = info<int>(); q[1] = info<unsigned char>(); q[2] = info<float>(); q[3] = info<double>() + std::numeric_limits<long>::digits10 + std::numeric_limits<short>::is_specialized; }
// CHECK: .entry _Z7membersPi(
// CHECK: st.global.b32 	[%rd2], 127;
// CHECK: st.global.b32 	[%rd2+4], 33;
// CHECK: st.global.b32 	[%rd2+8], 98;
// CHECK: st.global.b32 	[%rd2+12], 233;
