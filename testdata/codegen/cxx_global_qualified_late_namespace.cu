// ARGS: -arch=sm_80 -std=c++17
// `::sx::B<T>` written in namespace-scope initializers (a variable template's, a static member's)
// inside `cuda`, where a namespace `cuda::sx` with its own `B` is declared later (libcu++'s
// `::std::__iterator_traits<_Iter>` inside `cuda::std`): the global namespace's `B` (nvcc 10,
// not 20), also as a template argument and in `__is_base_of`; and `sizeof(::sx::B<T>)` is a type.
namespace sx {
template <class T> struct B { static constexpr int v = 10; };
template <class I, class = void> struct base { char c[3]; };
template <class I> struct derived : base<I> {};
} // namespace sx
namespace cuda {
template <class T> __device__ int h() { return ::sx::B<T>::v; }
template <class T> constexpr int vt = ::sx::B<T>::v;
template <class T> struct S { static constexpr int v = ::sx::B<T>::v; };
template <class B, class D> inline constexpr bool ibo = __is_base_of(B, D);
template <class I, bool> inline constexpr bool impl = ibo<::sx::base<I>, ::sx::derived<I>>;
template <class I> inline constexpr bool impl<I, true> = true;
template <class I> inline constexpr bool impl2 = __is_base_of(::sx::base<I>, ::sx::derived<I>);
template <class I> inline constexpr int size = sizeof(::sx::base<I>);
namespace sx {
template <class T> struct B { static constexpr int v = 20; };
template <class I, int = sizeof(I)> struct base;
} // namespace sx
} // namespace cuda
__global__ void k(int *o) {
  o[0] = cuda::h<int>();
  o[1] = cuda::vt<int>;
  o[2] = cuda::S<int>::v;
  o[3] = cuda::impl<int, false>;
  o[4] = cuda::impl2<int>;
  o[5] = cuda::size<int>;
  o[6] = sizeof(::sx::base<int>);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 10;
// CHECK: +4], 10;
// CHECK: +8], 10;
// CHECK: +12], 1;
// CHECK: +16], 1;
// CHECK: +20], 3;
// CHECK: +24], 3;
