// More libstdc++ constructs (hashtable.h, parse_numbers.h).
template<class T> T declval();
template<class K> struct ht {
  typedef int unique_keys;
  struct access {};
  void rehash_aux(int, unique_keys);
  void rehash(int n);
  static_assert(noexcept(declval<const access&>()), "x");
};
template<class K> void ht<K>::rehash(int n) { rehash_aux(n, unique_keys{}); }
