// ARGS: -arch=sm_80 -std=c++17
// A function template whose trailing return type calls a deleted function
// (`decltype(swap(a, b))` finding only libcu++'s poison-pill `swap(T&, T&) = delete`, the
// `__detect_adl_swap` idiom): a substitution failure, so the call takes the other overload
// (`sw(...)`), as nvcc does. A type with its own `swap` (found by ADL) takes the template.
template <class T> __device__ T &&dv();
template <class A, class B> struct same { static constexpr bool value = false; };
template <class A> struct same<A, A> { static constexpr bool value = true; };
namespace adl {
template <class T> void swap(T &, T &) = delete;
struct none { char c[3]; };
template <class T> __device__ auto sw(T &a, T &b) -> decltype(swap(a, b));
__device__ none sw(...);
} // namespace adl
namespace user {
struct U { int x; };
__device__ void swap(U &, U &) {}
} // namespace user
__global__ void k(int *o) {
  o[0] = sizeof(decltype(adl::sw(dv<double &>(), dv<double &>())));
  o[1] = sizeof(decltype(adl::sw(dv<user::U &>(), dv<user::U &>())) *);
  o[2] = same<decltype(adl::sw(dv<float &>(), dv<float &>())), adl::none>::value;
  o[3] = same<decltype(adl::sw(dv<user::U &>(), dv<user::U &>())), void>::value;
}
// CHECK: .visible .entry _Z1kPi(
