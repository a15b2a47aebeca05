// A member class template a specialization does not have: nvcc's "has no member".
template <bool B> struct sel;
template <> struct sel<true> {
  template <class T> struct cls {
    using type = T;
  };
};
template <> struct sel<false> {};
template <bool B, class T> using pick = typename sel<B>::template cls<T>::type;
pick<true, int> fine = 1;
template <class T> struct Outer {
  template <class S> struct Traits {
    static constexpr int v = sizeof(S);
  };
};
using bad = typename Outer<int>::template Nope<char>;
__global__ void k(int *o) {
  pick<false, int> x = 1;
  o[0] = x + Outer<int>::Traits<char>::v;
}
