// Parenthesized expressions in template arguments may contain `<` and `>` (libstdc++'s
// `std::__static_sign` in <ratio>): `(P < 0)` is a comparison, not a template-id `P<0>`.
template <class T, T v> struct integral_constant { static constexpr T value = v; };
template <long P> struct sign : integral_constant<long, (P < 0) ? -1 : 1> {};
template <long P, long Q> struct less : integral_constant<bool, (P < Q)> {};
template <int A, int B> struct two {};
two<(1 > 0), (2 >> 1)> t;
template <long P> struct gt : integral_constant<bool, (P > 0) && (P < 8)> {};
