// ARGS: -arch=sm_80 -O3 -std=c++17
// Fold expressions whose pattern names the pack only in template arguments (`(ok_v<Ts> && ...)`,
// `(ns::ok<Ts>::value + ...)`, `(sizeof(S<Ts>) + ...)`), in function templates and in member
// function templates of class templates (the class's pack): libcu++'s tuple selects its
// constructors by such a static member function in a default template argument.
namespace ns {
template <class T> constexpr bool ok_v = sizeof(T) >= 4;
template <class T> struct ok { static constexpr int value = sizeof(T); };
}
template <class T> struct S { T a, b; };
enum class sel { none, implicit_ };
template <sel X> struct Can { static constexpr bool yes = X == sel::implicit_; };
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { using type = T; };
template <class... Ts> __device__ constexpr bool all_ok() { return (ns::ok_v<Ts> && ...); }
template <class... Ts> __device__ constexpr int sizes() { return (ns::ok<Ts>::value + ...); }
template <class... Ts> __device__ constexpr int pair_sizes() { return (0 + ... + sizeof(S<Ts>)); }
template <class... Ts> struct Cons {
  template <int = 0> __device__ static constexpr sel select() {
    if constexpr ((ns::ok_v<Ts> && ...)) return sel::implicit_;
    else return sel::none;
  }
};
template <class... Ts> struct Tup {
  int x;
  template <sel X = Cons<Ts...>::select(), typename enable_if<Can<X>::yes, int>::type = 0>
  __device__ constexpr Tup() : x(sizeof...(Ts)) {}
  __device__ constexpr Tup(int v) : x(v) {}
};
__global__ void k(int *o) {
  o[0] = all_ok<int, float>() + 10 * all_ok<int, char>();
  o[1] = sizes<int, char, double>();
  o[2] = pair_sizes<char, int>();
  Tup<int, float, unsigned> t;
  o[3] = t.x;
  o[4] = (int)Cons<int, short>::select();
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+4], 13;
// CHECK: st.global.b32 [%rd2+8], 10;
// CHECK: st.global.b32 [%rd2+12], 3;
// CHECK: st.global.b32 [%rd2+16], 0;
