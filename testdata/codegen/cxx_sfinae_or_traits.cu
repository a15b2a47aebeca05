// SFINAE on a disjunction of qualified trait values (`std::is_same<A *, T>::value || ...`, as in
// curand_kernel.h): the template argument is an expression, not the type `std::is_same<...>`.
// ARGS: -arch=sm_80 -O3
// REFERENCE: nvcc
#include <type_traits>
struct A { int a; };
struct B { int b; };
struct C { int c; };
template <typename T>
__device__ typename std::enable_if<std::is_same<A *, T>::value || std::is_same<B *, T>::value, int>::type
pick(T p) { return 1; }
template <typename T>
__device__ typename std::enable_if<!(std::is_same<A *, T>::value || std::is_same<B *, T>::value), int>::type
pick(T p) { return 20; }
__global__ void k(int *out, A *a, B *b, C *c) { out[0] = pick(a) + pick(b) + pick(c); }
// CHECK: .entry _Z1kPiP1AP1BP1C(
// CHECK: st.global.b32 [%rd2], 22;
