// ARGS: -arch=sm_80 -std=c++17
// A class template's base argument is a variable template whose initializer calls function
// templates (libcu++'s `invoke_result : enable_if<__is_invocable<F, A...>, ...>`, whose
// `_CCCL_REQUIRES_EXPR` concept calls a static member function template): the instances are
// declared when the base is resolved (nvcc: 4, 4, 8, 1, 0).
template <bool B, class T = void> struct eif {};
template <class T> struct eif<true, T> { using type = T; };
template <class A> __host__ __device__ constexpr bool sat(A *, int) { return true; }
template <class F> inline constexpr bool inv = sat(static_cast<F *>(nullptr), 0);
template <class F> struct ir : public eif<inv<F>, int> {};
namespace ns {
struct det {
  template <class A, class = decltype(A() + 1)> __host__ __device__ static constexpr bool ok(A *, int) { return true; }
  __host__ __device__ static constexpr bool ok(void *, long) { return false; }
};
template <class F> inline constexpr bool addable = det::ok(static_cast<F *>(nullptr), 0);
template <class F> struct res : public eif<addable<F>, decltype(F() + 1)> {};
} // namespace ns
struct P {};
template <class T, class = void> struct has_type { static constexpr int v = 0; };
template <class T> struct has_type<T, decltype(void(sizeof(typename T::type)))> { static constexpr int v = 1; };
__global__ void k(int *o) {
  o[0] = sizeof(typename ir<float>::type);
  o[1] = sizeof(typename ns::res<int>::type);
  o[2] = sizeof(typename ns::res<double>::type);
  o[3] = has_type<ns::res<char>>::v;
  o[4] = ns::addable<P>;
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 4;
// CHECK: +4], 4;
// CHECK: +8], 8;
// CHECK: +12], 1;
// CHECK: +16], 0;
