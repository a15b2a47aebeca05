template <class...> using void_t = void;
template <class T, class = void> struct S {};
template <class T> struct S<T, void_t<T&&>> {};
template <class T> struct S<T, void_t<T&&> > {};
template <class T> struct S<T, void_t<T&>> {};
template <class T> struct S<T, void_t<T&&>>{};
template <class T> struct S<T, void_t<const T&&>>{};
