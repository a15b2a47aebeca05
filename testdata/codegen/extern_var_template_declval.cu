// CCCL's `declval` (nvcc >= 12.4): an `extern` variable template of function-pointer type
// without an initializer, with a partial specialization, named only in unevaluated operands.
// ARGS: -arch=sm_80 -O3
template <class...>
using void_t = void;
template <class _Tp, bool _Noexcept = true>
using declfn_t = _Tp (*)() noexcept(_Noexcept);
template <class _Tp, class = void>
extern declfn_t<void> declval;
template <class _Tp>
extern declfn_t<_Tp&&> declval<_Tp, void_t<_Tp&&>>;

template <class A, class B>
struct is_same {
  static constexpr bool value = false;
};
template <class A>
struct is_same<A, A> {
  static constexpr bool value = true;
};
template <class T, class U>
using cond_t = decltype(false ? declval<T>() : declval<U>());

extern "C" __global__ void declval_k(int *out) {
  out[threadIdx.x] = sizeof(declval<double>()) * 100 + sizeof(cond_t<char, long>) * 10 +
                     is_same<decltype(declval<void>()), void>::value;
}
// CHECK: .entry declval_k(
// CHECK: 881;
// A function pointer's returned `T&&` keeps its rvalue-ness through an alias (it read as `T&`).
template <class T> using rr_declfn = T (*)();
template <class T, class = void> extern rr_declfn<void> rr_dv;
template <class T> struct rr_vt { using type = void; };
template <class T> extern rr_declfn<T&&> rr_dv<T, typename rr_vt<T&&>::type>;
template <class T> struct rr_is { static constexpr bool value = false; };
template <class T> struct rr_is<T&&> { static constexpr bool value = true; };
static_assert(rr_is<decltype(rr_dv<int>())>::value, "T&& through an alias");
