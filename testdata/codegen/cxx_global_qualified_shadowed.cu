// ARGS: -arch=sm_80 -std=c++17
// `::lib::X` written inside `cu::lib`, which has (or declares later) its own `lib::X`: the
// global namespace's, in alias templates, variable templates and class templates whose uses
// are checked from the enclosing namespace (libcu++'s `::std::__iterator_traits<_Iter>` in
// `cuda::std::__is_primary_std_template_impl`), and `sizeof(::lib::X<int>)` is a type.
namespace lib {
template <class T, class = void> struct X { char c[8]; };
struct Y { char c[8]; };
typedef Y YT;
}
template <class A> struct sz { static constexpr int value = sizeof(A); };
namespace cu { namespace lib {
template <class T> using B1 = sz<::lib::Y>;
template <class T> using B2 = sz<::lib::X<T>>;
template <class T> constexpr int V1 = sz<::lib::Y>::value;
template <class T> constexpr int V2 = sz<::lib::X<T>>::value;
}}
namespace cu { namespace lib {
template <class T, int = 0> struct X { char c[2]; };
struct Y { char c[2]; };
typedef Y YT;
template <class T> using B3 = sz<::lib::X<T>>;
template <class T> using B4 = ::lib::YT;
template <class T> constexpr int V3 = sz<::lib::X<T>>::value;
__device__ int f() { return sz<::lib::Y>::value + sizeof(::lib::X<int>); }
__device__ int g() { return sizeof(X<int>) + sizeof(lib::X<int>); }
}}
__global__ void k(int *o) {
  o[0] = cu::lib::B1<int>::value;
  o[1] = cu::lib::B2<int>::value;
  o[2] = cu::lib::V1<int>;
  o[3] = cu::lib::V2<int>;
  o[4] = cu::lib::B3<int>::value;
  o[5] = sizeof(cu::lib::B4<int>);
  o[6] = cu::lib::V3<int>;
  o[7] = cu::lib::f();
  o[8] = cu::lib::g();
  o[9] = sizeof(::lib::X<int>) + sizeof(cu::lib::X<int>);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 8;
// CHECK: +4], 8;
// CHECK: +8], 8;
// CHECK: +12], 8;
// CHECK: +16], 8;
// CHECK: +20], 8;
// CHECK: +24], 8;
// CHECK: +28], 16;
// CHECK: +32], 4;
// CHECK: +36], 10;
