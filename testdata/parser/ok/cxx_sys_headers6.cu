// More libstdc++ constructs (hashtable.h, basic_string.h, fstream.tcc).
template <class T> struct is_x { constexpr operator bool() const { return true; } };
struct base { base &operator=(const base &); };
template <class H, class A> struct table : base {
  typedef base base_type;
  void assign(const table &o) {
    if constexpr (is_x<H>()) {}
    if constexpr (is_x<H>{}) {}
    if constexpr (typename A::always_equal{}) {}
    if (H *p = 0) {}
    base_type::operator=(o);
  }
};
