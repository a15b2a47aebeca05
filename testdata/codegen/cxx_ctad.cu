// ARGS: -arch=sm_80 -O3 -std=c++17
// Class template argument deduction (C++17): a user-written deduction guide, the implicit
// guides of constructors (with defaulted template parameters), the copy deduction candidate,
// `(...)`, `{...}` and `= ...` initializers, and `S(args)` / `S{args}` temporaries.
template <typename T> struct Span1D {
  T *ptr;
  int len;
  __device__ Span1D(T *p, int n) : ptr(p), len(n) {}
  __device__ T &operator[](int i) const { return ptr[i]; }
};
template <typename T> Span1D(T *, int) -> Span1D<T>;

template <class A, class B> struct Pair {
  A a;
  B b;
  __device__ Pair(A x, B y) : a(x), b(y) {}
  __device__ auto sum() const { return a + b; }
};

template <class T, int N = 4> struct Scaled {
  T v;
  __device__ explicit Scaled(T x) : v(x * N) {}
};

// A guide that widens: `Holder h(short)` is a `Holder<int>` (the guide wins the tie with
// the constructor's implicit guide).
template <class T> struct Holder {
  T v;
  __device__ Holder(T x) : v(x) {}
};
Holder(short) -> Holder<int>;

__global__ void ctad(float *f, int *out) {
  int i = threadIdx.x;
  Span1D s(f, 32);
  Pair p(i, 0.5f);
  Pair q{i, 2};
  Pair r = q;
  const Scaled sc(i);
  Holder h(static_cast<short>(-i));
  static_assert(sizeof(h.v) == sizeof(int), "Holder<int>");
  static_assert(sizeof(p.sum()) == sizeof(float), "Pair<int, float>");
  s[i] = p.sum();
  out[3 * i + 0] = r.sum() + s.len + Pair(i, 3).sum() - Pair{i, 1}.sum();
  out[3 * i + 1] = sc.v;
  out[3 * i + 2] = h.v * 70000;
}

// CHECK: .visible .entry _Z4ctadPfPi(
