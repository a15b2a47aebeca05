// ARGS: -arch=sm_80 -O3 -std=c++17
// `void_t<T&&>>` closing two template argument lists before a class body (`S<T, void_t<T&&>> {`):
// the inner template-id is a type, as with `&&> >`. Partial specializations of class and
// variable templates deduce a bare parameter from an array argument exactly (`T` of `int[2]`,
// no decay), so `void_t<T&&>` (an rvalue reference to an array) matches it, as nvcc does.
template <class...> using void_t = void;
template <class T, class = void> struct S { static const int v = 0; };
template <class T> struct S<T, void_t<T&&>>{ static const int v = 1; };
template <class T, class = void> struct R { static const int v = 0; };
template <class T> struct R<T, void_t<const T&>> { static const int v = 1; };
template <class T, class = void> constexpr int V = 0;
template <class T> constexpr int V<T, void_t<T&&>> = 1;
template <class T, class = void> constexpr int W = 0;
template <class T> constexpr int W<T, void_t<T>> = 1;
template <class T, class = void> constexpr int X = 0;
template <class T> constexpr int X<T, void_t<T*>> = 1;
template <class T> constexpr int E = 0;
template <class T> constexpr int E<T[2]> = 2;
template <class T> constexpr int E<const T> = 3;
__global__ void k(int *o) {
  o[0] = S<int[2]>::v + 10 * S<int>::v + 100 * S<void>::v;
  o[1] = R<int[2]>::v + 10 * R<float>::v;
  o[2] = V<int[2]> + 10 * V<int> + 100 * V<void> + 1000 * V<int[2], int>;
  o[3] = W<int[2]> + 10 * W<const int[3]>;
  o[4] = X<int[2]> + 10 * X<int(int)>;
  o[5] = E<int[2]> + 10 * E<const int> + 100 * E<int>;
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 11;
// CHECK: st.global.b32 [%rd2+4], 11;
// CHECK: st.global.b32 [%rd2+8], 11;
// CHECK: st.global.b32 [%rd2+12], 11;
// CHECK: st.global.b32 [%rd2+16], 11;
// CHECK: st.global.b32 [%rd2+20], 32;
