// Member class templates of class templates and of their specializations: each
// specialization has its own (`sel<true>::cls`, `sel<false>::cls`, `Outer<int>::Traits`), whose
// body sees the enclosing specialization's parameters; named as `Traits<S>` inside the class,
// `Outer<int>::Traits<S>` outside, `typename P::template cls<T>` through a template parameter
// bound later; partial specializations of a member template written in its class; signatures
// mangle the nested template-id (`N3selILb1EE3clsIiEE`) as nvcc does.
template <class T> struct Outer {
  template <class S> struct Traits {
    static constexpr int v = sizeof(S) * 10 + sizeof(T);
    __device__ static T scale(S s) { return (T)s * (T)v; }
  };
  __device__ static int get() { return Traits<char>::v; }
};

template <bool B> struct sel;
template <> struct sel<true> {
  template <class T> struct cls {
    using type = T;
    T v;
  };
};
template <> struct sel<false> {
  template <class T> struct cls {
    using type = T *;
    T w[2];
  };
};
template <bool B, class T> using pick = typename sel<B>::template cls<T>::type;

template <bool B> struct Chooser;
template <> struct Chooser<true> {
  template <int N, int M> struct Cp {
    __device__ static int f() { return N * 100 + M; }
  };
  template <int M> struct Cp<16, M> {
    __device__ static int f() { return -M; }
  };
  template <int N, int M> __device__ static int go() { return Cp<N, M>::f(); }
};

// A member class template of a partial specialization.
template <class T> struct W;
template <class T> struct W<T *> {
  template <int N> struct arr {
    T v[N];
    __device__ T sum() const {
      T s = 0;
      for (int i = 0; i < N; ++i) s += v[i];
      return s;
    }
  };
};

// Through a template parameter bound later (libcu++'s mdspan layout policies).
struct layout {
  template <class E> struct mapping {
    E e;
    __device__ int size() const { return sizeof(E); }
  };
};
template <class E, class L> struct view {
  using mapping_type = typename L::template mapping<E>;
  mapping_type m;
  __device__ int size() const { return m.size(); }
};

namespace ns {
template <class T> struct O {
  template <class U> struct I {
    T t;
    U u;
  };
};
} // namespace ns

__device__ __noinline__ int sig(sel<true>::cls<int> a, sel<false>::cls<int> b, ns::O<char>::I<short> c,
                                 ns::O<char>::I<short> *d) {
  return a.v + b.w[1] + c.t + d->u;
}

using cls_char = sel<false>::cls<char>;
using arr_short = W<short *>::arr<5>;

__global__ void member_class_templates(const int *in, int *out) {
  int t = threadIdx.x;
  int x = in[t];
  pick<true, int> p = x;
  pick<false, int> q = &p;
  sel<true>::cls<int> a{x};
  sel<false>::cls<int> b{{x, 2 * x}};
  ns::O<char>::I<short> c{(char)3, (short)x};
  W<int *>::arr<3> w{{x, 1, 2}};
  view<double, layout> v{};
  out[8 * t + 0] = Outer<int>::get() + Outer<double>::Traits<short>::v;
  out[8 * t + 1] = Outer<int>::Traits<char>::scale((char)x);
  out[8 * t + 2] = Chooser<true>::go<4, 4>() + Chooser<true>::go<16, 8>();
  out[8 * t + 3] = Chooser<true>::Cp<16, 3>::f() + *q;
  out[8 * t + 4] = sig(a, b, c, &c);
  out[8 * t + 5] = w.sum();
  out[8 * t + 6] = v.size() + sizeof(cls_char);
  out[8 * t + 7] = sizeof(arr_short);
}
// CHECK-COUNT-2: .func  (.param .b32 func_retval0) _Z3sigN3selILb1EE3clsIiEENS_ILb0EE3clsIiEEN2ns1OIcE1IIsEEPSA_(
// CHECK: .visible .entry _Z22member_class_templatesPKiPi(
