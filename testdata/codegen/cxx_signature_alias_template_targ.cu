// ARGS: -arch=sm_80 -std=c++17
// A function template's signature whose `decltype` calls a function template with an alias
// template as a template template argument (libcu++'s `_IsValidExpansion` =
// `decltype(__sfinae_test_impl<__test_for_primary_template, iterator_traits<I>>(0))`, behind
// `iter_difference_t<I>` in the parameters of `__iter_can_plus_equal`'s C++17 requires
// expression): keeping the operand as written for the mangler resolved the alias template's
// name as a type ("identifier is undefined"), and that error made the whole signature a
// substitution failure. `random_access_iterator<const float *>` was 0 (nvcc 1).
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 1;
// CHECK: +4], 1;
// CHECK: +8], 1;
// CHECK: +12], 1;
// CHECK: +16], 1;
// CHECK: +20], 1;
// CHECK: +24], 0;
// CHECK: +28], 8;
template <bool B> struct bc { static constexpr bool value = B; };
template <class T> struct tr {};
template <class T> struct box { using type = T; };
template <class T> using box_t = typename box<T>::type;
template <class T> using mem_t = typename T::missing;
template <template <class...> class Te, class... A, class = Te<A...>> __device__ bc<true> sf(int);
template <template <class...> class, class...> __device__ bc<false> sf(...);
template <template <class> class Te, class A> __device__ bc<true> si(int);
template <bool B, class A, class C> struct cond { using type = A; };
template <class A, class C> struct cond<false, A, C> { using type = C; };

template <class I> __device__ int a1(I, decltype(si<box_t, int>(0))) { return 1; }
template <class I> __device__ auto a2(I) -> decltype(si<box_t, I>(0)) { return {}; }
template <class I> __device__ void w1(I, decltype(sf<box_t, tr<I>>(0))) {}
template <class I> __device__ void w2(I, typename cond<decltype(sf<mem_t, I>(0))::value, int, long>::type) {}
template <class X, class = decltype(&w1<X>)> __device__ constexpr int g1(int) { return 1; }
template <class X> __device__ constexpr int g1(long) { return 0; }
template <class X, class = decltype(&w2<X>)> __device__ constexpr int g2(int) { return 1; }
template <class X> __device__ constexpr int g2(long) { return 0; }
template <class I> __device__ constexpr int w3(I, typename cond<decltype(sf<mem_t, I>(0))::value, int, long>::type n) { return sizeof(n); }

__global__ void k(int *o) {
  o[0] = a1<const float *>(nullptr, bc<true>{});
  o[1] = decltype(a2(1))::value;
  o[2] = g1<const float *>(0);
  o[3] = g2<const float *>(0);
  o[4] = decltype(sf<box_t, int>(0))::value;
  o[5] = !decltype(sf<mem_t, int>(0))::value;
  o[6] = decltype(sf<mem_t, tr<int>>(0))::value;
  o[7] = w3<const float *>(nullptr, 0);
}
