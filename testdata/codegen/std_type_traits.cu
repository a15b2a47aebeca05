// <type_traits>: enable_if/enable_if_t SFINAE, is_same, is_pointer, is_const, is_signed, is_unsigned,
// is_array, is_arithmetic, is_void, remove_* / add_* / decay / conditional / make_signed /
// make_unsigned and their _t aliases, true_type, in device code.
// REFERENCE: nvcc
#include <type_traits>
template <class T> __device__ typename std::enable_if<std::is_floating_point<T>::value, T>::type f(T x) { return x * 2; }
template <class T> __device__ std::enable_if_t<std::is_integral<T>::value, T> f(T x) { return x + 1; }
template <class T> __device__ int kind() {
  return std::is_same<T, float>::value + 2 * std::is_pointer<T>::value + 4 * std::is_const<T>::value + 8 * std::is_unsigned<T>::value
       + 16 * std::is_signed<T>::value + 32 * std::is_array<T>::value + 64 * std::is_arithmetic<T>::value + 128 * std::is_void<T>::value;
}
__global__ void k(float *p, int *q) {
  p[0] = f(p[1]) + f(3);
  std::remove_const_t<const float> a = p[2];
  std::remove_pointer_t<float *const> b = p[3];
  std::decay_t<const int &> c = q[1];
  std::conditional_t<(sizeof(int) > 2), double, float> d = p[4];
  std::make_unsigned_t<int> u = q[2];
  std::remove_extent_t<int[4]> e = 1;
  p[5] = a + b + c + d + u + e;
  q[0] = kind<float>() | kind<int *>() << 8 | kind<const unsigned>() << 16 | kind<int[3]>() << 24;
  q[3] = kind<void>() + std::true_type::value + std::is_same<std::remove_cv_t<const volatile int>, int>::value * 2;
  q[4] = std::is_reference<int &>::value + std::is_same<std::add_pointer_t<int &>, int *>::value * 2 + std::is_same<std::make_signed_t<unsigned char>, signed char>::value * 4;
}
// CHECK: .visible .entry _Z1kPfPi(
// CHECK: st.global.b32 	[%rd4], 541852241;
// CHECK: st.global.b32 	[%rd4+12], 131;
// CHECK: st.global.b32 	[%rd4+16], 7;
