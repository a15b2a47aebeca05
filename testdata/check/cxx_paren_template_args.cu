// `(P < 0)` in template arguments is a comparison, not the template-id `P<0>` (libstdc++'s
// `std::__static_sign` in <ratio>, a base class's argument). The last assertion fails, as in nvcc.
template <class T, T v> struct integral_constant { static constexpr T value = v; };
template <long P> struct sign : integral_constant<long, (P < 0) ? -1 : 1> {};
template <long P> struct abs_ : integral_constant<long, P * sign<P>::value> {};
template <long P, long Q> struct less : integral_constant<bool, (P < Q) && (Q > 0)> {};
template <int A, int B> struct two { static constexpr int v = A + B; };
static_assert(sign<-3>::value == -1, "");
static_assert(sign<3>::value == 1, "");
static_assert(abs_<-7>::value == 7, "");
static_assert(less<1, 2>::value && !less<2, 1>::value, "");
static_assert(two<(1 > 0), (4 >> 1)>::v == 3, "");
__global__ void k(long *p) { p[0] = sign<-2>::value + abs_<-5>::value; }
static_assert(sign<0>::value == -1, "sign of zero");
