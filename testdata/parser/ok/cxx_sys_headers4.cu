// More libstdc++ constructs (ptr_traits.h, stl_function.h, basic_string.h, new_allocator.h, c++locale.h).
template <class...> using void_t = void;
template <class T, class U, class = void> struct rebind_of {};
template <class T, class U> struct rebind_of<T, U, void_t<typename T::template rebind<U>>> {};
template <class T> T declval();
template <class T, class U> struct less_ptr {
  using via_op = decltype(operator<(declval<T>(), declval<U>()));
};
template <class R, class T, class A> class mem_fun1_t {
  R (T::*f)(A);
  R (T::*g)() const;
};
struct str {
  typedef int argument_type [[__deprecated__]];
  int operator[](int) const;
  bool operator==(const str &) const;
  bool operator!=(const str &o) const { return !operator==(o); }
  int back() const { return operator[](0); }
};
void alloc(unsigned long n, void *p) {
  ::operator delete(p, n);
  int *q = static_cast<int *>(::operator new(n));
  __typeof__(q) r = q;
}
int uselocale(int);
extern "C" __typeof(uselocale) my_uselocale;
