// ARGS: -arch=sm_80 -std=c++17
// A class template specialization instantiated while the namespace-scope items are declared
// (here the base of an explicit specialization, as thrust's `iterator_system<void*> :
// iterator_system<int*>` instantiates libcu++'s `decay<int>`) whose base names `decltype` of a
// call choosing between function template overloads (libcu++'s `__cccl_is_referenceable`): the
// overloads' instances are declared there, so the specialization gets its `value` (1 and 0, as
// nvcc).
template <class T, T v> struct ic {
  static constexpr T value = v;
};
template <class A, class B> struct ns {
  static constexpr bool value = true;
};
template <class A> struct ns<A, A> {
  static constexpr bool value = false;
};
struct impl {
  template <class T> static T &test(int);
  template <class T> static ic<bool, false> test(...);
};
template <class T> struct isref : ic<bool, ns<decltype(impl::test<T>(0)), ic<bool, false>>::value> {};
template <class T> struct wrap {
  using type = decltype(impl::test<T>(0));
};
template <class T> struct X {};
template <> struct X<void> : isref<int> {};
template <> struct X<int> : wrap<float> {};
__global__ void k(int *o) {
  o[0] = isref<int>::value;
  o[1] = isref<void>::value;
  o[2] = sizeof(X<int>::type);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+4], 0;
// CHECK: st.global.b32 [%rd2+8], 4;
