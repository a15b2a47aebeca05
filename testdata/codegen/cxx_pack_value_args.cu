// Pack expansions whose pattern names a pack only in a value argument: libcu++'s
// `__expand_to_true<enable_if_t<P::value>...> __and_helper(int)` (conjunction.h) evaluates
// `P::value` once per element; an element whose `enable_if_t` fails removes the overload
// (SFINAE) and the `...` fallback is chosen. An alias over an explicit pack expansion
// (`decltype(and_helper<P...>(0))`, `mk<I...>(0)`), and a class partial specialization `<A>`
// ordered before `<A, As...>` for one argument.
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <class T, T v> struct integral_constant { static constexpr T value = v; };
typedef integral_constant<bool, true> true_type;
typedef integral_constant<bool, false> false_type;
template <int N> struct num { static constexpr int value = N; };

template <class...> using expand_to_true = true_type;
template <class... P> __device__ expand_to_true<enable_if_t<P::value>...> and_helper(int);
template <class...> __device__ false_type and_helper(...);
template <class... P> using And = decltype(and_helper<P...>(0));

template <int... I> struct Seq { static constexpr int value = sizeof...(I); };
template <int... I> __device__ Seq<I...> mk(int);
template <int... I> using Mk = decltype(mk<I...>(0));

template <class...> struct first : num<-1> {};
template <class A> struct first<A> : A {};
template <class A, class... As> struct first<A, As...> : num<A::value * 10> {};

__global__ void k(int *o) {
  o[0] = decltype(and_helper<true_type, true_type>(0))::value;
  o[1] = decltype(and_helper<true_type, false_type>(0))::value;
  o[2] = decltype(and_helper<>(0))::value;
  o[3] = decltype(and_helper<false_type>(0))::value;
  o[4] = And<true_type, num<3>, true_type>::value;
  o[5] = And<num<0>, true_type>::value;
  o[6] = And<>::value;
  o[7] = Mk<1, 2, 3>::value + Mk<>::value;
  o[8] = first<num<7>>::value;
  o[9] = first<num<7>, num<1>>::value;
  o[10] = first<>::value;
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+4], 0;
// CHECK: st.global.b32 [%rd2+8], 1;
// CHECK: st.global.b32 [%rd2+12], 0;
// CHECK: st.global.b32 [%rd2+16], 1;
// CHECK: st.global.b32 [%rd2+20], 0;
// CHECK: st.global.b32 [%rd2+24], 1;
// CHECK: st.global.b32 [%rd2+28], 3;
// CHECK: st.global.b32 [%rd2+32], 7;
// CHECK: st.global.b32 [%rd2+36], 70;
// CHECK: st.global.b32 [%rd2+40], -1;
