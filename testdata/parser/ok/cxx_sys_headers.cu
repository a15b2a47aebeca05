// Constructs of the system (glibc, libstdc++) headers that host code pulls in.
namespace lib __attribute__((__visibility__("default"))) {
inline namespace v1 __attribute__((__abi_tag__("v1"))) { struct tag {}; }
template <class T> struct box { T v; };
extern template struct box<int>;
struct err {
  virtual const char *what() const throw();
  int value() const & noexcept;
  int value() && noexcept;
};
template <class T> struct alloc { template <class U> struct rebind { typedef alloc<U> other; }; };
template <class A> struct traits { typedef typename A::template rebind<int>::other other; };
struct gen {
  typedef unsigned result_type;
  result_type
  operator()(int x) { return this->operator[](x); }
  result_type operator[](int x);
  auto begin() -> iterator_t;
};
inline void run(int *p) {
  try {
    p = new int(3);
    int *a = ::new int[4]{1, 2};
    delete[] a;
    ::delete p;
  } catch (const err &e) {
    throw;
  } catch (...) {
    throw err();
  }
}
}
template <class T, class C> struct memobj;
template <class T, class C> struct memobj<T C::*, C> { typedef T C::*type; };
template <class R, class C, class... A> struct memfn { using f = R (C::*)(A...) const; };
template <class F> struct function;
template <class R, class... A> struct function<R(A...)> {};
template <class T> struct conv { using arr = function<T(*)[]>; operator value_type() const noexcept; };
template <class T> struct traits2 {
  static const bool nt = noexcept(T());
  static const bool same = __is_same(T, int) && __is_trivially_constructible(T, const T &);
  static T widen(T a, wchar_t w) { return (T(2) * a) + (wchar_t)(-1) + typename conv<T>::type(0); }
};
inline long double operator""_h(long double v) { return v; }
template <class T> struct base2 { typedef T value_type; base2 &operator=(const base2 &); void f(); };
template <class T> struct derived : public base2<T>, iter_base<T, void> {
  typedef T key_type;
  static constexpr decltype(auto) get() { return 0; }
  void g(const key_type &k) {
    this->base2<T>::operator=(*this);
    this->base2<T>::f();
    derived(k).g(k);
    if (traits_t::eq(k, k)) return;
    static_cast<key_type *>(nullptr);
  }
  derived(const derived &);
};
template <class T> derived<T>::derived(const derived &d) : base2<T>(d) {}
template <class T> struct guided { guided(T, T); };
template <class It> guided(It, It) -> guided<It>;
inline void h() { if (derived<int>::value) return; derived<int>::type x; derived<int>::f(x); }
inline void q() { lib::text::size_type n = 0; }
