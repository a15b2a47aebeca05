template <bool B, class T = void> using en_t = T;
template <class T> constexpr bool is_const_v = false;
template <class, class = void> struct ir3 {};
template <class I> struct ir3<I, en_t<!is_const_v<I>>> {};
