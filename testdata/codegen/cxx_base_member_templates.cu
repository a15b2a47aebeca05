// ARGS: -arch=sm_80 -O3 -std=c++17
// Member templates of a base class named unqualified in a class template's member typedefs
// (libstdc++'s `__make_unsigned_selector<_Tp, false, true>` naming its base
// `__make_unsigned_selector_base`'s `_List` and `__select`: `make_unsigned<char32_t>`), and a
// member typedef named `__type` reached through a member typedef (the libstdc++ selectors are
// instantiated then).
class sel_base {
protected:
  template <class...> struct L {};
  template <class T, class... U> struct L<T, U...> : L<U...> { static constexpr unsigned long sz = sizeof(T); };
  template <unsigned long S, class T, bool = (S <= T::sz)> struct pick;
  template <unsigned long S, class A, class... B> struct pick<S, L<A, B...>, true> { using __type = A; };
  template <unsigned long S, class A, class... B> struct pick<S, L<A, B...>, false> : pick<S, L<B...>> {};
};
class mid : protected sel_base {};
template <class T, bool E> class sel;
template <class T> class sel<T, true> : sel_base {
  using UInts = L<unsigned char, unsigned short, unsigned int, unsigned long long>;
  using ut = typename pick<sizeof(T), UInts>::__type;
public:
  using __type = ut;
};
template <class T> class sel<T, false> : mid {
  using ut = typename pick<sizeof(T), L<unsigned char, unsigned short, unsigned int>>::__type;
public:
  using __type = ut;
};
template <class T> struct box { using __type = T; };
template <class Y> struct use { using y = Y; using __type = typename y::__type; };
__global__ void k(int *o) {
  o[0] = sizeof(sel<char32_t, true>::__type);
  o[1] = sizeof(sel<char16_t, true>::__type);
  o[2] = (typename sel<char32_t, true>::__type)(-1) > 0;
  o[3] = sizeof(sel<double, true>::__type);
  o[4] = sizeof(sel<short, false>::__type);
  o[5] = sizeof(typename use<box<long>>::__type);
  o[6] = sizeof(typename use<sel<float, true>>::__type);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 4;
// CHECK: st.global.b32 [%rd2+4], 2;
// CHECK: st.global.b32 [%rd2+8], 1;
// CHECK: st.global.b32 [%rd2+12], 8;
// CHECK: st.global.b32 [%rd2+16], 2;
// CHECK: st.global.b32 [%rd2+20], 8;
// CHECK: st.global.b32 [%rd2+24], 4;
