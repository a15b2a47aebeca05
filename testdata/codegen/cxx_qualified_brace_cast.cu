// `C::tag{}` (a qualified name followed by a braced list) is a functional cast, also with
// `typename T::tag{}.v` (postfix operators after it); the detection idiom in unevaluated
// operands (`decltype(test<T>(0))`, `sizeof`); `return x;` converting an lvalue of another
// class type (converting constructor, conversion operator); mem-initializers naming a base
// through a member alias (`using __base = Base<T>; ... : __base(3, x)`, libcu++'s `optional`).
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
struct true_type { static constexpr bool value = true; };
struct false_type { static constexpr bool value = false; };
template <class T> T&& declval();
struct C { struct tag { int v = 4; }; };
template <class T> __device__ int tagv() { return typename T::tag{}.v; }
__device__ int tag2() { return C::tag{}.v + C::tag{3}.v; }
template <class T> struct has_foo {
  template <class U> static auto test(int) -> decltype(declval<U>().foo(), true_type{});
  template <class> static false_type test(...);
  static constexpr bool value = decltype(test<T>(0))::value;
  static constexpr int size = sizeof(test<T>(0));
};
struct F { __device__ int foo(); };
struct A { int a; };
struct B { int b; __device__ B(const A& x) : b(x.a * 2) {} };
struct D { int d; __device__ operator B() const { return B(A{d + 1}); } };
__device__ B conv1(A x) { return x; }
__device__ B conv2(D x) { return x; }
template <class T> struct Base { T v; __device__ constexpr Base(int k, T x) : v(x * k) {} };
template <class T> class Opt : private Base<T> {
  using __base = Base<T>;
public:
  __device__ constexpr Opt(T x) : __base(3, x) {}
  __device__ T get() const { return this->v; }
};
struct P { int v; __device__ P(int a, int b) : v(a + b) {} };
struct Q : P { using base = P; __device__ Q(int a) : base(a, 1) {} };
__global__ void kern(int *o) {
  o[0] = tagv<C>();
  o[1] = tag2();
  o[2] = has_foo<F>::value * 10 + has_foo<int>::value;
  o[3] = conv1(A{5}).b;
  o[4] = conv2(D{5}).b;
  o[5] = has_foo<F>::size;
  o[6] = Opt<int>(5).get();
  o[7] = Q(5).v;
}
// CHECK: .entry _Z4kernPi(
// CHECK: st.global.b32 [%rd2], 4;
// CHECK: st.global.b32 [%rd2+4], 7;
// CHECK: st.global.b32 [%rd2+8], 10;
// CHECK: st.global.b32 [%rd2+12], 10;
// CHECK: st.global.b32 [%rd2+16], 12;
// CHECK: st.global.b32 [%rd2+20], 1;
// CHECK: st.global.b32 [%rd2+24], 15;
// CHECK: st.global.b32 [%rd2+28], 6;
