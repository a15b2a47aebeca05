// More libstdc++ constructs (bits/stl_pair.h, ostream, alloc_traits.h, stl_construct.h, basic_string.tcc).
namespace std {
template <class A, class B> struct pair { A a; B b; };
template <class A, class B> pair(A, B) -> pair<A, B>;
template <bool B> struct destroy_aux { template <class I> static void destroy(I, I); };
template <class C, class T> class basic_ostream { class sentry; };
template <class C, class T>
class basic_ostream<C, T>::sentry {
  bool ok;
public:
  explicit sentry(basic_ostream<C, T> &os);
};
template <class A> struct traits { typedef A alloc; };
template <class I, class A> void run(I first, I last, A a) {
  std::destroy_aux<true>::destroy(first, last);
  typedef traits<A> tr;
  typedef typename tr::alloc pocs;
  if constexpr (pocs::value) {}
  A copy(tr::select(a.get()));
}
}
