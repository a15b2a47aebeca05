// More libstdc++ constructs (locale_facets.tcc, stl_function.h, basic_string.h, stl_bvector.h, random.tcc).
template <class C> struct facet { typedef C char_type; void put(const C *) const; };
template <class C> void facet<C>::put(const C *lit) const {
  const char_type *q = lit + 1;
  const char_type *days[14];
}
template <class T> struct less { bool operator()(T, T) const; };
template <class T, class U> struct less_void {
  bool f(T t, U u) { return cmp(t, u, ptr_cmp<T, U>{}); }
  template <class A, class B> using ptr_cmp = int;
  static bool cmp(T, U, int);
};
template <class C> struct str {
  const C *data() const;
  bool disjunct(const C *s) const { return (less<const C *>()(s, data()) || less<const C *>()(data(), s)); }
};
int dist(int a, int b) { return (int(a) * (b - a) + b); }
bool wraps(unsigned x) { return (bool(x + 1u) || x); }
