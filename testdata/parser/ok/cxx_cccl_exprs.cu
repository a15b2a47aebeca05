// Expression forms CCCL's headers use: a global-qualified template-id as a functional cast
// (`::ns::plus<>{}`) and as a variable template (`::ns::v<T> || ...`); a member template of a
// class template specialization called as a statement (`S<N + 1>::template f<M>(a, b);`); a
// functional cast with braces as a template argument (`C<int{sizeof(T)}>`); `(int(alignof(T)) % 4)`;
// a global-qualified template-id as a type argument (`D<::ns::plus<T>>`).
namespace ns {
template <class T = void> struct plus {};
template <class T> constexpr bool v = true;
template <int N> struct C {};
}
template <class T> struct D {};
template <int N> struct S {
  template <int M, class T> static void f(T *a, T *b);
};
template <class T, int N> void g(T *a, T *b) {
  h(a, ::ns::plus<>{});
  if (!::ns::v<T> || N == 0) {
  }
  S<N + 1>::template f<N>(a, b);
  k(ns::C<int{sizeof(T)}>{});
  bool x = (int(alignof(T)) % int(4) == 0);
  using W = D<::ns::plus<T>>;
}
