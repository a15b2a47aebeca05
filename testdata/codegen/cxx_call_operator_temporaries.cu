// `operator()` of a class object that is not a name: a temporary (`Q{}(a, b)`, libcu++'s
// `plus<>{}(x, y)`), a dereferenced pointer, a member call's result; and a transparent
// functor whose call operator's trailing return type calls a function template
// (`decltype(fwd<A>(a) + fwd<B>(b))`, as cuda::std::plus<void> does with forward): that
// instance is created for the signature.
// ARGS: -arch=sm_80 -O3 -std=c++17
template <class T> struct rr { typedef T type; };
template <class T> struct rr<T &> { typedef T type; };
template <class T> __host__ __device__ constexpr T &&fwd(typename rr<T>::type &t) noexcept {
  return static_cast<T &&>(t);
}
template <class T = void> struct P {
  __device__ constexpr T operator()(const T &x, const T &y) const { return x + y; }
};
template <> struct P<void> {
  template <class A, class B>
  __device__ constexpr auto operator()(A &&a, B &&b) const noexcept(noexcept(fwd<A>(a) + fwd<B>(b)))
      -> decltype(fwd<A>(a) + fwd<B>(b)) {
    return fwd<A>(a) + fwd<B>(b);
  }
};
struct Q {
  int k;
  __device__ int operator()(int a, int b) const { return a * k + b; }
};
struct H {
  Q q;
  __device__ Q get() const { return q; }
};
__global__ void k(int *out, int a, int b, Q *pq) {
  P<> p;
  out[0] = p(a, b);
  out[1] = P<>{}(a, 2);
  out[2] = P<int>{}(a, b);
  out[3] = Q{3}(a, b);
  out[4] = (*pq)(a, b);
  out[5] = H{Q{5}}.get()(a, b);
}
// CHECK: .entry _Z1kPiiiP1Q(
// CHECK: add.s32 %r3, %r2, %r1;
// CHECK: st.global.b32 [%rd2], %r3;
// CHECK: add.s32 %r4, %r1, 2;
// CHECK: st.global.b32 [%rd2+4], %r4;
// CHECK: st.global.b32 [%rd2+8], %r3;
// CHECK: st.global.b32 [%rd2+12], %r6;
// CHECK: mad.lo.s32 %r8, %r7, %r1, %r2;
// CHECK: st.global.b32 [%rd2+16], %r8;
// CHECK: st.global.b32 [%rd2+20], %r9;
