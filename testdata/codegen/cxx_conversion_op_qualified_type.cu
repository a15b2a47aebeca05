// A conversion function of a class template named by a qualified type (libcu++'s
// `aligned_size_t<N>::operator ::cuda::std::size_t() const`): the member is `operator
// ns::size_t`, not `size_t`, so each specialization has its conversion function, mangled `cv`
// with the type the name denotes.
// ARGS: -arch=sm_80 -O3 -std=c++17
namespace ns {
typedef unsigned long size_t;
}
template <unsigned long A> struct aligned {
  ns::size_t value;
  __host__ __device__ explicit constexpr aligned(ns::size_t s) : value(s) {}
  __host__ __device__ constexpr operator ::ns::size_t() const { return value + A; }
};
template <class T> struct boxed {
  T value;
  __device__ __noinline__ operator ns::size_t() const { return (ns::size_t)value * 2; }
};
__device__ unsigned long take(unsigned long x) { return x; }
template <class S> __device__ unsigned long fwd(S s) { return take(s); }
__global__ void k(unsigned long *out, unsigned long n) {
  out[0] = take(aligned<16>(n));
  out[1] = fwd(aligned<32>(n));
  out[2] = take(boxed<int>{(int)n});
}
// CHECK: _ZNK5boxedIiEcvmEv(
// CHECK: .entry _Z1kPmm(
