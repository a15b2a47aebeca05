// A type keyword followed by `(` that opens no parameter list or abstract declarator is a
// functional cast in a template argument (`bool((P || ...))`, `int(N)`); `bool(int)` and
// `void(*)()` stay function types. A variable template's specialization at the start of a
// condition is an expression (`sub_v<L, R> && ...` declares nothing).
template <bool B> struct bc {};
template <class T> struct box {};
template <bool... P> using fold_or = bc<bool((P || ...))>;
template <int N> using n_t = bc<bool(N)>;
using f_t = box<bool(int)>;
using p_t = box<void (*)()>;
template <class A, class B> inline constexpr bool sub_v = sizeof(A) <= sizeof(B);
template <class L, class R> int order_of() {
  if constexpr (sub_v<L, R> && sub_v<R, L>) {
    return 0;
  } else if constexpr (sub_v<R, L>) {
    return 1;
  }
  return 2;
}
