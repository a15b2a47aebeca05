// The prelude defines the toolkit's guards of vector_types.h and vector_functions.h, as nvcc's
// cuda_runtime.h and NVRTC's builtin headers do: with `-I <toolkit>/include` (CuPy's options)
// `#include <vector_types.h>` finds the toolkit's copy, which must then declare nothing (it
// was "class char1 has already been defined"). The guarded block below is that header's shape.
// ARGS: --nvrtc -arch=compute_80 -std=c++17
#if !defined(__VECTOR_TYPES_H__) || !defined(__VECTOR_FUNCTIONS_H__)
#error "the vector types' guards should be defined"
#endif
#if !defined(__VECTOR_TYPES_H__)
#define __VECTOR_TYPES_H__
struct char1 { signed char x; };
#endif
__global__ void k(int *o) {
  char1 c = make_char1(3);
  o[threadIdx.x] = c.x + (int)sizeof(char4) * 10 + (int)threadIdx.x;
}
// CHECK: .entry _Z1kPi(
