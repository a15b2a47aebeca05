// ARGS: -arch=sm_80 -std=c++17
// A template parameter pack deduced from a class template-id's arguments (`f(tag<A...> *)`
// called with a `tag<void, float &&> *`) or from a variable template partial specialization's
// arguments takes each element as it is ([temp.deduct.type]): the by-value rule of a call
// argument (top-level qualifiers go) made `float &&` into `float &` and `const float *const`
// into `const float *`, so the substituted `tag<A...>` was another class and the candidate not
// viable, or the partial specialization saw another type (silently wrong values). libcu++'s
// C++17 `_CCCL_REQUIRES_EXPR` (`__cccl_is_satisfied(__cccl_tag<_Args...> *, int)`) is this
// shape: `__can_reference<float &&>`, `__dereferenceable<const float *const>` and so
// `contiguous_iterator<const float *>` were 0 (nvcc 1; real/12's `span(p, n)`).
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 2;
// CHECK: +4], 2;
// CHECK: +8], 2;
// CHECK: +12], 7;
// CHECK: +16], 3;
// CHECK: +20], 4;
// CHECK: +24], 2;
// CHECK: +28], 2;
// CHECK: +32], 7;
// CHECK: +36], 1;
// CHECK: +40], 1;
// CHECK: +44], 1;
// CHECK: +48], 0;
// CHECK: +52], 2;
template <class...> struct tag;
template <class T> constexpr int code = 5;
template <> constexpr int code<float &&> = 2;
template <> constexpr int code<float &> = 3;
template <> constexpr int code<float> = 4;
template <> constexpr int code<const float *const> = 7;
template <class... A> struct last { static constexpr int v = 6; };
template <class A> struct last<A> { static constexpr int v = code<A>; };
template <class X, class A> struct last<X, A> { static constexpr int v = code<A>; };

// 1: a call deducing the pack from a pointer to a class template-id.
template <class... A> __device__ constexpr int p1(tag<A...> *) { return last<A...>::v; }
template <class X, class... A> __device__ constexpr int p2(tag<X, A...> *) { return last<A...>::v; }
template <class... A> __device__ constexpr int p3(tag<int, A...> *) { return last<A...>::v; }

// 2: a variable template partial specialization with a trailing pack.
template <class... A> constexpr int vs = 0;
template <class X, class... A> constexpr int vs<X *, A...> = last<A...>::v;

// 3: libcu++'s `_CCCL_REQUIRES_EXPR` shape (`__can_reference`, `__dereferenceable`).
template <class T, class... A> extern T make_dep;
template <class I, class... A> using impl = decltype(make_dep<I, A...>);
template <class T> using wr = T &;
template <class T>
constexpr bool can_ref = impl<struct d_ref, T>::sat(static_cast<tag<void, T> *>(nullptr), 0);
struct d_ref {
  using self = d_ref;
  template <class, class T>
  __device__ static auto wf() -> decltype(void(), static_cast<tag<wr<T>> *>(nullptr), void()) {}
  template <class... A, class = decltype(&self::wf<A...>)>
  __device__ static constexpr bool sat(tag<A...> *, int) { return true; }
  __device__ static constexpr bool sat(void *, long) { return false; }
};
template <class T> __device__ T &&dv();
template <class T>
constexpr bool deref = impl<struct d_deref, T>::sat(static_cast<tag<void, T> *>(nullptr), 0);
struct d_deref {
  using self = d_deref;
  template <class, class T> __device__ static auto wf() -> decltype(void(), static_cast<tag<decltype(*dv<T &>())> *>(nullptr), void()) {}
  template <class... A, class = decltype(&self::wf<A...>)>
  __device__ static constexpr bool sat(tag<A...> *, int) { return true; }
  __device__ static constexpr bool sat(void *, long) { return false; }
};

__global__ void k(int *o) {
  o[0] = p1(static_cast<tag<float &&> *>(nullptr));
  o[1] = p2(static_cast<tag<void, float &&> *>(nullptr));
  o[2] = p3(static_cast<tag<int, float &&> *>(nullptr));
  o[3] = p2(static_cast<tag<void, const float *const> *>(nullptr));
  o[4] = p1(static_cast<tag<float &> *>(nullptr));
  o[5] = p1(static_cast<tag<float> *>(nullptr));
  o[6] = vs<int *, float &&>;
  o[7] = vs<int *, void, float &&>;
  o[8] = vs<int *, const float *const>;
  o[9] = can_ref<float &&>;
  o[10] = can_ref<const float &>;
  o[11] = deref<const float *const>;
  o[12] = deref<int>;
  o[13] = sizeof(tag<float &&> *) / 4;
}
