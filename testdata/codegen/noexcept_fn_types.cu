// C++17: `noexcept` is part of a function type. A call through a pointer to a noexcept
// function is not potentially-throwing (libcu++'s fast `declval` is a variable template of
// type `T&& (*)() noexcept`, what `is_nothrow_constructible_v` asks); a pointer to a noexcept
// function converts to a pointer to the plain function type (not the reverse); the type is its
// own in mangled names (`Do`). (Deducing `B` from `R (*)() noexcept(B)`, which NVRTC does not
// do: testdata/check/noexcept_deduction.cu.)
// Variable template partial specializations over a pack: the more specialized one wins.
// ARGS: -arch=sm_80 -O3 -rdc=true
template <class T, bool N = true> using declfn_t = T (*)() noexcept(N);
template <class T, class = void> extern declfn_t<void> dv;
template <class T> extern declfn_t<T&&> dv<T, void>;
template <bool, class T, class... A> constexpr bool nothrow_ctor = false;
template <class T, class... A> constexpr bool nothrow_ctor<true, T, A...> = noexcept(T(dv<A>()...));
template <class T, class A> constexpr bool nothrow_ctor<true, T, A> = noexcept(static_cast<T>(dv<A>()));
struct Thr {
  __device__ Thr(int);
};
static_assert(nothrow_ctor<true, int, int>, "");
static_assert(!nothrow_ctor<true, Thr, int>, "");
static_assert(noexcept(dv<int>()), "");
static_assert(!noexcept(static_cast<declfn_t<int, false>>(nullptr)()), "");

__device__ int plain() { return 3; }
__device__ int nothrow() noexcept { return 4; }
__device__ __noinline__ int call_any(int (*f)()) { return f(); }
__device__ __noinline__ int call_nothrow(int (*f)() noexcept) { return f(); }

extern "C" __global__ void noexcept_fn_types_k(int* o) {
  int (*p)() = nothrow;  // function pointer conversion
  int (*q)() noexcept = nothrow;
  bool same = p == q;
  o[threadIdx.x] = call_any(p) + 10 * call_any(q) + 100 * call_nothrow(q) + 1000 * same +
                   10000 * noexcept(q()) + 20000 * noexcept(p());
}
// CHECK: .func  (.param .b32 func_retval0) _Z8call_anyPFivE(
// CHECK: .func  (.param .b32 func_retval0) _Z12call_nothrowPDoFivE(
// CHECK: .entry noexcept_fn_types_k(
