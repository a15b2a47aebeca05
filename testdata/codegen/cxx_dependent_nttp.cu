// A non-type template parameter whose type is an earlier parameter (`template <class T, T v>`,
// as std::integral_constant): the argument converts to that type, which also mangles it; static
// data members are found through base classes (`is_big<long>::value` from its base).
// ARGS: -arch=sm_80 -O3
template <class T, T v> struct ic {
  static constexpr T value = v;
  typedef T value_type;
  typedef ic type;
};
template <class T> struct is_big : ic<bool, (sizeof(T) > 4)> {};
template <class T, T v> __device__ T get(ic<T, v>) { return v + 1; }
template <class T, T v> __global__ void tagged(T *p) { p[0] = v; }
template __global__ void tagged<unsigned long, 3>(unsigned long *);
template __global__ void tagged<char, 'x'>(char *);
__global__ void k(int *p, long *q) {
  p[0] = ic<int, 7>::value + is_big<long>::value * 10 + is_big<short>::value * 100;
  p[1] = get(ic<short, 41>());
  q[0] = ic<unsigned char, 200>::value + is_big<double>::value;
  typename is_big<int>::value_type b = 2;
  p[2] = sizeof(typename ic<char, 1>::value_type) + sizeof(b) * 10;
}
// CHECK: .entry _Z6taggedImLm3EEvPT_(
// CHECK: .entry _Z6taggedIcLc120EEvPT_(
// CHECK: .entry _Z1kPiPl(
// CHECK: st.global.b32 [%rd2], 17;
// CHECK: st.global.b32 [%rd2+4], 42;
// CHECK: st.global.b64 [%rd4], 201;
// CHECK: st.global.b32 [%rd2+8], 11;
