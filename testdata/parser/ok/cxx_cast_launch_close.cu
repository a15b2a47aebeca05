// A named cast whose type ends in two nested template argument lists: `>>>` (lexed as the
// kernel launch closer) gives one `>` to each inner list and the last to the cast (libcu++'s
// `__invoke_constructible` fragment, `static_cast<remove_cvref_t<invoke_result_t<F, A...>>>`).
template <class T> using I = T;
template <bool B> struct E {};
template <class A> auto f(A a) -> E<!(decltype(static_cast<I<I<int>>>(a), false){})> { return {}; }
int g(long x) { return static_cast<I<I<int>>>(x) + reinterpret_cast<I<I<char *>>>(0) != 0; }
