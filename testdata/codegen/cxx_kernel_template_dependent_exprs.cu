// ARGS: -arch=sm_80 -std=c++17
// Kernel templates whose signatures hold value-dependent expressions (CCCL's shapes): nvcc
// names the entries with the expressions as written (`enable_if<is_int<T>::value, int>`:
// `N9enable_ifIXsr6is_intIS0_EE5valueEiE4typeE`, `A<N + 1>`: `1AIXplT_Li1EEE`,
// `A<sizeof(T)>`: `1AIXstT_EE`, `iseq<I...>`: `4iseqIJXT_EEE`, a member alias template of a
// dependent class: `N5OuterIT_E6rebindIfEE`), so a host program finds them; the types are the
// instance's.
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <class T> struct is_int { static constexpr bool value = false; };
template <> struct is_int<int> { static constexpr bool value = true; };
template <int N> struct A { int v; };
template <int... I> struct iseq {};
template <class T> struct Outer { template <class U> using rebind = Outer<U>; T x; };
template <class P, class Q> __device__ __noinline__ auto add(P a, Q b) -> decltype(a + b) { return a + b; }

template <class T> __global__ void k1(T *out, typename enable_if<is_int<T>::value, int>::type x) { out[0] = x + 1; }
template __global__ void k1<int>(int *, int);
template <class T> __global__ void k2(T *out, enable_if_t<is_int<T>::value, T> x) { out[1] = x * 2; }
template __global__ void k2<int>(int *, int);
template <int N> __global__ void k3(int *out, A<N + 1> a) { out[2] = a.v * 10 + N; }
template __global__ void k3<2>(int *, A<3>);
template <class T> __global__ void k4(int *out, A<sizeof(T)> a) { out[3] = a.v * (int)sizeof(T); }
template __global__ void k4<double>(int *, A<8>);
template <int... I> __global__ void k5(int *out, iseq<I...>) { out[4] = (I + ... + 0); }
template __global__ void k5<1, 2, 3>(int *, iseq<1, 2, 3>);
template <class T> __global__ void k6(float *out, typename Outer<T>::template rebind<float> o) { out[0] = o.x * 2.0f; }
template __global__ void k6<int>(float *, Outer<float>);
template <class T> __global__ void k7(float *out, T a) { out[1] = add(a, 0.5f); }
template __global__ void k7<int>(float *, int);
// CHECK: .func  (.param .b32 func_retval0) _Z3addIifEDTplfp_fp0_ET_T0_(
// CHECK: .entry _Z2k1IiEvPT_N9enable_ifIXsr6is_intIS0_EE5valueEiE4typeE(
// CHECK: .entry _Z2k2IiEvPT_N9enable_ifIXsr6is_intIS0_EE5valueES0_E4typeE(
// CHECK: .entry _Z2k3ILi2EEvPi1AIXplT_Li1EEE(
// CHECK: .entry _Z2k4IdEvPi1AIXstT_EE(
// CHECK: .entry _Z2k5IJLi1ELi2ELi3EEEvPi4iseqIJXT_EEE(
// CHECK: .entry _Z2k6IiEvPfN5OuterIT_E6rebindIfEE(
// CHECK: .entry _Z2k7IiEvPfT_(
