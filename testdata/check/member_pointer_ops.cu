// Pointer-to-member operators `.*` and `->*`: templates that name them (libcu++'s `__invoke`
// bullets, in `decltype` and `noexcept`) can be declared and are skipped by SFINAE when their
// guard fails; a use that is checked is not supported yet and is an error there, never a
// silent fallback to another overload.
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <class T> struct is_mp { static const bool value = false; };
template <class T, class C> struct is_mp<T C::*> { static const bool value = true; };
template <class T> T &&declval();
template <class F, class A, class = typename enable_if<is_mp<F>::value>::type>
__device__ auto call(F f, A &a) noexcept(noexcept(a.*f)) -> decltype(declval<A &>().*declval<F>()) {
  return a.*f;
}
template <class F, class A, class = typename enable_if<!is_mp<F>::value>::type>
__device__ auto call(F f, A &a) -> decltype(f(a)) {
  return f(a);
}
struct S { int x; };
struct G { __device__ int operator()(S s) const { return s.x + 1; } };
__global__ void k(int *out, S s, int S::*p) {
  out[0] = call(G{}, s);
  out[1] = s.*p;
  S *q = &s;
  out[2] = q->*p;
}
