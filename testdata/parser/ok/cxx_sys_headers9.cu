// More libstdc++ constructs (std_function.h, hashtable.h).
namespace std { class type_info; typedef unsigned long size_t; template <class T> T declval(); }
const std::type_info &info() { return typeid(void); }
template <class H> struct hash_base {
  static_assert(noexcept(std::declval<const H &>()((std::size_t)0, (std::size_t)0)), "noexcept");
};
