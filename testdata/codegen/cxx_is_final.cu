// ARGS: -arch=sm_80 -O3 -std=c++17
// `__is_final(T)`: a class declared `final` (libcu++'s `is_final`, `__tuple_leaf`'s choice of
// layout); a class template's specializations are as the template or specialization declares.
struct A final {};
struct B {};
template <class T> struct C final { T x; };
template <> struct C<float> { float x; };
union U final { int a; };
struct D : B {};
__global__ void k(int *o) {
  o[0] = __is_final(A) + 2 * __is_final(B) + 4 * __is_final(C<int>) + 8 * __is_final(U) + 16 * __is_final(int)
       + 32 * __is_final(C<float>) + 64 * __is_final(D) + 128 * __is_final(const A);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: 141;
