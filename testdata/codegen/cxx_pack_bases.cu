// Pack expansions in base-specifier lists: a libcu++-style tuple,
// `struct Impl<Idx<I...>, T...> : Leaf<I, T>...`, bases laid out per element in order (empty
// bases share offset 0), mem-initializers `Leaf<I, T>(u)...` expanded the same way, member
// access and conversions to each base; `get_leaf<1>(a)` deduces `T` from the one base
// `Leaf<1, T>` among all of `a`'s bases ([temp.deduct.call]/4.3).
typedef unsigned long size_t;

template <size_t... I> struct Idx {};
template <size_t I, class T> struct Leaf {
  T value;
  __device__ Leaf() : value() {}
  __device__ Leaf(T v) : value(v) {}
  __device__ T &get() { return value; }
};
struct Empty {};
template <size_t I> struct Leaf<I, Empty> {
  __device__ Leaf() {}
  __device__ Leaf(Empty) {}
  __device__ int get() { return 100 + (int)I; }
};

template <class Ix, class... T> struct Impl;
template <size_t... I, class... T> struct Impl<Idx<I...>, T...> : Leaf<I, T>... {
  __device__ Impl() {}
  template <class... U> __device__ Impl(U... u) : Leaf<I, T>(u)... {}
  __device__ int count() const { return (int)sizeof...(T); }
};

template <class... T> struct MyTuple;
template <class A, class B, class C> struct MyTuple<A, B, C> : Impl<Idx<0, 1, 2>, A, B, C> {
  __device__ MyTuple(A a, B b, C c) : Impl<Idx<0, 1, 2>, A, B, C>(a, b, c) {}
};

template <size_t I, class T> __device__ __noinline__ T &get_leaf(Leaf<I, T> &l) { return l.value; }

__global__ void pack_bases(const int *in, int *out) {
  int t = threadIdx.x;
  int x = in[t];
  int *o = out + 8 * t;
  Impl<Idx<0, 1, 2>, int, char, float> a(x, (char)7, 2.5f);
  o[0] = get_leaf<0, int>(a) + get_leaf<1, char>(a) * 1000;
  o[1] = (int)(get_leaf<2, float>(a) * 4.0f);
  o[2] = sizeof(Impl<Idx<0, 1, 2>, int, char, float>) * 100 + a.count();
  Leaf<1, char> &mid = a;
  mid.value = 9;
  o[3] = (int)((char *)&mid - (char *)&a) * 100 + (int)((char *)&static_cast<Leaf<2, float> &>(a) - (char *)&a) +
         get_leaf<1>(a) * 1000;
  Impl<Idx<0, 1>, Empty, long> e(Empty(), (long)x * 3);
  o[4] = (int)sizeof(e) * 100 + static_cast<Leaf<0, Empty> &>(e).get();
  o[5] = (int)static_cast<Leaf<1, long> &>(e).get();
  MyTuple<short, int, double> m((short)x, x + 1, 0.5);
  o[6] = get_leaf<0, short>(m) + get_leaf<1, int>(m) * 3 + (int)(get_leaf<2, double>(m) * 8.0) +
         (int)sizeof(m) * 10000;
  Impl<Idx<>> z;
  o[7] = (int)sizeof(z) + z.count();
}

// CHECK: .func  (.param .b64 func_retval0) _Z8get_leafILm0EsERT0_R4LeafIXT_ES0_E(
// CHECK: .func  (.param .b64 func_retval0) _Z8get_leafILm1EiERT0_R4LeafIXT_ES0_E(
// CHECK: .func  (.param .b64 func_retval0) _Z8get_leafILm2EdERT0_R4LeafIXT_ES0_E(
// CHECK: .func  (.param .b64 func_retval0) _Z8get_leafILm0EiERT0_R4LeafIXT_ES0_E(
// CHECK: .func  (.param .b64 func_retval0) _Z8get_leafILm1EcERT0_R4LeafIXT_ES0_E(
// CHECK: .func  (.param .b64 func_retval0) _Z8get_leafILm2EfERT0_R4LeafIXT_ES0_E(
// CHECK: .visible .entry _Z10pack_basesPKiPi(
