// ARGS: -arch=sm_80 -std=c++17
// A template-id in a template argument whose closing `>>` or `>>>` also closes the enclosing
// lists, followed by `{` (`struct ir<I, en_t<!is_const_v<I>>> {`, libcu++'s
// `indirectly_readable_traits<_Ip, enable_if_t<!is_const_v<_Ip> && is_array_v<_Ip>>>`): the
// `{` opens the class body, not a braced functional cast `is_const_v<I>{}`. The partial
// specializations were dropped (silently the primary's values; `iter_value_t<int[4]>` had no
// type).
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 2;
// CHECK: +4], 1;
// CHECK: +8], 2;
// CHECK: +12], 1;
// CHECK: +16], 8;
// CHECK: +20], 2;
// CHECK: +24], 1;
// CHECK: +28], 1;
// CHECK: +32], 2;
template <bool B, class T = void> struct en {};
template <class T> struct en<true, T> { using type = T; };
template <bool B, class T = void> using en_t = typename en<B, T>::type;
template <class A, class B> constexpr bool same_v = false;
template <class A> constexpr bool same_v<A, A> = true;
template <class T> constexpr bool is_const_v = false;
template <class T> constexpr bool is_const_v<const T> = true;
template <class T> constexpr bool is_array_v = false;
template <class T, unsigned long N> constexpr bool is_array_v<T[N]> = true;
template <class T> struct rx { using type = T; };
template <class T, unsigned long N> struct rx<T[N]> { using type = T; };
template <class T> __device__ T &&dv();

template <class, class = void> struct a { static constexpr int v = 1; };
template <class I> struct a<I, en_t<!is_const_v<I>>> { static constexpr int v = 2; };
template <class, class = void> struct b { static constexpr int v = 1; };
template <class I> struct b<I, en_t<!is_const_v<I> && is_array_v<I>>> { static constexpr int v = 2; };
// libcu++'s indirectly_readable_traits, C++17 branch.
template <class, class = void> struct irt {};
template <class I> struct irt<I, en_t<!is_const_v<I> && is_array_v<I>>> { using value_type = typename rx<I>::type; };
template <class I> struct irt<const I> : irt<I> {};
template <class T> struct irt<T *> { using value_type = T; };
// A trailing return type ending in `>>` before the body.
template <class L, class R> __device__ auto asg(L l, R r) -> en_t<same_v<L, decltype(l = r)>> {}
template <class L, class R> __device__ auto asg_ok(int) -> decltype(asg<L, R>(dv<L>(), dv<R>()), (char (*)[1])0);
template <class L, class R> __device__ auto asg_ok(long) -> char (*)[2];

__global__ void k(int *o) {
  o[0] = a<double>::v;
  o[1] = a<const double>::v;
  o[2] = b<double[4]>::v;
  o[3] = b<double>::v;
  o[4] = sizeof(typename irt<double[4]>::value_type);
  o[5] = sizeof(typename irt<const short[4]>::value_type);
  o[6] = sizeof(typename irt<char *>::value_type);
  o[7] = sizeof(*asg_ok<int &, int>(0));
  o[8] = sizeof(*asg_ok<int, int>(0));
}
