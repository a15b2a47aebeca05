// An alias template declared again with the same parameters and type is accepted, as by nvcc
// (libcu++'s common_type.h repeats `common_type_t`).
template <class T> struct ct;
template <class... T> using ct_t = typename ct<T...>::type;
template <class T> struct ct {
  using type = T;
};
template <class... T> using ct_t = typename ct<T...>::type;
static_assert(sizeof(ct_t<short>) == 2, "");
