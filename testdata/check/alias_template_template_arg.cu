// An alias template is a template template argument (`bind<al, short>`, libcu++'s
// `_Fn::template __call`); one whose parameters do not fit the template template parameter is
// an error with nvcc's wording.
template <template <class> class C> struct W {
  C<int> c;
};
template <class A> struct P1 {};
template <class A, class B> struct P {};
template <class A> using one = P1<A>;
template <class A, class B> using two = P<A, B>;
W<one> fine;
static_assert(sizeof(fine) == 1, "");
W<two> w;
