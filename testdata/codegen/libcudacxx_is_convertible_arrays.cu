// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
// cuda::std::is_convertible of arrays through the real libcu++ header's fallback: its
// `declval<int[2]>` is the partial specialization `declval<_Tp, void_t<_Tp&&>>` of a variable
// template, which matches an array (an array converts to a pointer to its element, not to
// another array; a function to a pointer to it).
#include <cuda/std/type_traits>
namespace s = cuda::std;
__global__ void k(int *out) {
  int t = threadIdx.x;
  out[t] = s::is_convertible_v<int[2], int *> * 1 + s::is_convertible_v<int[2], const int *> * 2 +
           s::is_convertible_v<int[2], long *> * 4 + s::is_convertible_v<int *, int[2]> * 8 +
           s::is_convertible_v<int(&)[2], int *> * 16 + s::is_convertible_v<int[2], int(&)[2]> * 32 +
           s::is_convertible_v<int(int), int (*)(int)> * 64 + s::is_convertible_v<const int[2], int *> * 128 +
           t * 4096;
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: or.b32 %r3, %r2, 83;
