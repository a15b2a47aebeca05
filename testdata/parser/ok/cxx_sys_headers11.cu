// libstdc++ bits/parse_numbers.h: a functional cast with braces inside parentheses.
template<class T, T v> struct integral_constant { static constexpr T value = v; };
template<unsigned long long _Val> using __ull_constant = integral_constant<unsigned long long, _Val>;
template<unsigned _Base, char _Dig> struct _Digit { using __valid = int; };
template<unsigned _Base, char... _Digs> struct _Power_help { using type = int; };
template<unsigned _Base, char _Dig, char... _Digs>
struct _Power_help<_Base, _Dig, _Digs...> {
  using __next = typename _Power_help<_Base, _Digs...>::type;
  using __valid_digit = typename _Digit<_Base, _Dig>::__valid;
  using type = __ull_constant<__next::value * (__valid_digit{} ? _Base : 1ULL)>;
};
