// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
// cuda::std::is_convertible through the real libcu++ header. With GCC 12 as the host compiler
// nvcc's preprocessor has no `__is_convertible_to` builtin, so libcu++ takes its fallback, a
// partial specialization on `decltype(__test_convert<_To>(declval<_From>()))` (void when the
// call is viable), with array/function/void cases by partial specializations on values.
// (`is_convertible_v<int[2], int *>` is left out: libcu++'s `declval<int[2]>` needs the partial
// specialization `declval<_Tp, void_t<_Tp&&>>` of a variable template, which warpc does not
// match for an array yet.)
#include <cuda/std/type_traits>
struct A {};
struct B : A {};
struct Explicit {
  __host__ __device__ explicit Explicit(int) {}
};
struct Implicit {
  __host__ __device__ Implicit(int) {}
};
namespace s = cuda::std;
__global__ void k(int *out) {
  int t = threadIdx.x;
  out[t] = s::is_convertible_v<int, long> * 1 + s::is_convertible_v<int *, void *> * 2 +
           s::is_convertible_v<void *, int *> * 4 + s::is_convertible<const int &, long>::value * 8 +
           s::is_convertible_v<B *, A *> * 16 + s::is_convertible_v<A *, B *> * 32 +
           s::is_convertible_v<int, Explicit> * 64 + s::is_convertible_v<int, Implicit> * 128 +
           s::is_convertible_v<void, void> * 256 +
           s::is_convertible_v<int, void> * 1024 + s::is_convertible_v<B, A> * 2048 + t * 4096;
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: or.b32 %r3, %r2, 2459;
