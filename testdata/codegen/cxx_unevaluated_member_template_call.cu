// ARGS: -arch=sm_80 -std=c++17
// A call of an object's member function template in an unevaluated operand of a declaration
// (`decltype(dv<F>()(dv<A>()...))` in a class template's base clause, libcu++'s
// `invoke_result<plus<>, int, int>` through `__invoke`): its type from the substituted
// signature before any instance exists; a const object takes only a const member (otherwise
// a substitution failure).
template <bool B, class T = void> struct en {};
template <class T> struct en<true, T> { using type = T; };
template <class T> __device__ T &&dv();
template <class T> __host__ __device__ constexpr T &&fw(T &t) noexcept { return static_cast<T &&>(t); }
template <class T = void> struct pl;
template <> struct pl<void> {
  template <class A, class B>
  __host__ __device__ constexpr auto operator()(A &&a, B &&b) const noexcept(noexcept(fw<A>(a) + fw<B>(b)))
      -> decltype(fw<A>(a) + fw<B>(b)) {
    return fw<A>(a) + fw<B>(b);
  }
};
struct mut {
  template <class A> __device__ A operator()(A a) { return a; }
};
template <class F, class... A>
__host__ __device__ constexpr auto inv(F &&f, A &&...a) -> decltype(dv<F>()(dv<A>()...)) {
  return static_cast<F &&>(f)(static_cast<A &&>(a)...);
}
template <class F, class... A> using inv_t = decltype(inv(dv<F>(), dv<A>()...));
template <class F, class... A> struct res : en<true, inv_t<F, A...>> {};
template <class F, class... A> struct res2 : en<true, decltype(dv<F>()(dv<A>()...))> {};
template <class F, class... A> __device__ auto test(int) -> decltype(dv<F>()(dv<A>()...), 1) { return 1; }
template <class F, class... A> __device__ char (&test(...))[2];
__global__ void k(int *o) {
  o[0] = sizeof(typename res<pl<>, int, int>::type);
  o[1] = sizeof(typename res<pl<>, char, double>::type);
  o[2] = sizeof(typename res<const pl<> &, short, long>::type);
  o[3] = sizeof(typename res2<pl<>, float, float>::type);
  o[4] = sizeof(typename res2<mut, char>::type);
  o[5] = sizeof(test<mut, long>(0));
  o[6] = sizeof(test<const mut &, long>(0));
  o[7] = sizeof(test<const pl<>, int, int>(0));
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 4;
// CHECK: +4], 8;
// CHECK: +8], 8;
// CHECK: +12], 4;
// CHECK: +16], 1;
// CHECK: +20], 4;
// CHECK: +24], 2;
// CHECK: +28], 4;
