// An enumeration given to a variable template (and to a pack of one) stays an enumeration:
// `__is_enum(T)` in `is_enum_v<E>` was false (warpc's types have enums as `int`), so
// libcu++'s `underlying_type<__legacy_memory_order>` had no `type` and `cuda::atomic_ref`'s
// `fetch_add` could not be typed. Values as nvcc's. (Not yet: an enumeration *deduced* from a
// function argument, `g(a)`, is deduced as its underlying type: `__is_enum(T)` is false there.)
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
enum E { a, b };
enum class C : short { x = 2 };
namespace ns { enum F : unsigned char { c }; }
template <class T> inline constexpr bool ie = __is_enum(T);
template <class... T> inline constexpr int ne = (0 + ... + (__is_enum(T) ? 1 : 0));
template <class T> struct S { static constexpr bool v = __is_enum(T); };
template <class T> __device__ bool f() { return __is_enum(T); }
template <class T> __device__ bool g(T) { return __is_enum(T); }
template <class T> struct UT { using type = __underlying_type(T); };
template <class T> inline constexpr int sz = sizeof(typename UT<T>::type);
static_assert(ie<E>, "a");
static_assert(!ie<int>, "b");
static_assert(ie<C> && ie<ns::F>, "c");
static_assert(ne<E, int, C, ns::F> == 3, "d");
static_assert(sz<C> == 2 && sz<ns::F> == 1, "e");
__global__ void k(int *o) {
  o[0] = ie<E>;
  o[1] = ie<int>;
  o[2] = S<C>::v;
  o[3] = f<ns::F>();
  o[4] = g<E>(a);
  o[5] = g<C>(C::x);
  o[6] = ne<E, int, C, ns::F>;
  o[7] = sz<C> * 10 + sz<ns::F>;
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+4], 0;
// CHECK: st.global.b32 [%rd2+8], 1;
// CHECK: st.global.b32 [%rd2+12], 1;
// CHECK: st.global.b32 [%rd2+16], 1;
// CHECK: st.global.b32 [%rd2+20], 1;
// CHECK: st.global.b32 [%rd2+24], 3;
// CHECK: st.global.b32 [%rd2+28], 21;
