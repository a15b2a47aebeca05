// libstdc++'s traits written over compiler builtins (__is_enum, __is_class, __is_union,
// __is_empty, __is_trivial, __is_base_of) and its make_signed/make_unsigned machinery (member
// typedefs naming other members, cv-qualified partial specializations).
// ARGS: -arch=sm_80 -O3
#include <type_traits>
enum E { A, B };
struct S { int x; };
struct C { __device__ C() {} int y; };
union U { int a; float b; };
struct Em {};
struct D : S {};
template <class T> __device__ int traits() {
  return std::is_enum<T>::value + 2 * std::is_class<T>::value + 4 * std::is_union<T>::value + 8 * std::is_empty<T>::value
       + 16 * std::is_trivial<T>::value + 32 * std::is_base_of<S, T>::value;
}
__global__ void k(int *q) {
  q[0] = traits<E>() | traits<int>() << 6 | traits<S>() << 12 | traits<C>() << 18 | traits<U>() << 24;
  q[1] = traits<Em>() | traits<D>() << 6;
  q[2] = std::is_same<std::make_signed_t<unsigned char>, signed char>::value + 2 * std::is_same<std::make_unsigned_t<const int>, const unsigned>::value
       + 4 * std::is_same<std::remove_cv_t<const volatile int>, int>::value + 8 * std::is_same<std::remove_cv_t<volatile int *const>, volatile int *>::value;
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 336274449;
// CHECK: st.global.b32 [%rd2+4], 3226;
// CHECK: st.global.b32 [%rd2+8], 15;
