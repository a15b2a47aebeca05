// ARGS: -arch=sm_80 -std=c++17
// `sizeof` and `alignof` of a reference type are the referenced type's ([expr.sizeof]/2,
// [expr.alignof]/3), whether written, named through an alias or given by `decltype` of a call
// returning a reference: 4, 4, 4, 2, 16 and 8 as nvcc (not a pointer's 8).
struct impl {
  template <class T> static T &test(int);
};
template <class T> struct W {
  using type = T &;
};
struct alignas(8) P {
  double d[2];
};
__global__ void k(int *o) {
  o[0] = sizeof(float &);
  o[1] = sizeof(W<int>::type);
  o[2] = sizeof(decltype(impl::test<float>(0)));
  o[3] = sizeof(short &&);
  o[4] = sizeof(P &);
  o[5] = alignof(P &);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 4;
// CHECK: st.global.b32 [%rd2+4], 4;
// CHECK: st.global.b32 [%rd2+8], 4;
// CHECK: st.global.b32 [%rd2+12], 2;
// CHECK: st.global.b32 [%rd2+16], 16;
// CHECK: st.global.b32 [%rd2+20], 8;
