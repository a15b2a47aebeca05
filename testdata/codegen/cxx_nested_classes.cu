// Nested classes, enumerations and typedefs named through their enclosing class (`Outer::In`):
// declarations, parameters, return types, casts, sizeof, out-of-class member definitions and
// constructors; signatures mangle the nested name (`N5Outer2InE`) as nvcc does.
struct Outer {
  struct In {
    int x;
    __device__ int get() const;
    __device__ In scaled(int k) const;
  };
  struct Pair {
    int a, b;
    __device__ Pair(int p, int q) : a(p), b(q) {}
    __device__ int sum() const { return a + b; }
  };
  enum E { A = 3, B = 4 };
  enum class Mode { Add, Mul };
  typedef float real;
  static __device__ int twice(In i) { return i.x * 2; }
  __device__ int apply(Mode m, int v) const { return m == Mode::Add ? v + base : v * base; }
  int base;
};
__device__ int Outer::In::get() const { return x + 1; }
__device__ Outer::In Outer::In::scaled(int k) const {
  In r{x * k};
  return r;
}
__device__ __noinline__ Outer::In make(int v) {
  Outer::In r{v};
  return r;
}
__device__ __noinline__ int use(Outer::In a, const Outer::Pair &p, Outer::E e) { return a.x * p.sum() + e; }
__global__ void nested(int *out) {
  int t = threadIdx.x;
  int *o = out + 8 * t;
  Outer::In i{t};
  Outer::In j = make(t + 7);
  o[0] = i.get();
  o[1] = Outer::twice(j) + i.scaled(3).x;
  o[2] = sizeof(Outer::In) + sizeof(Outer::Pair);
  o[3] = Outer::A + (int)Outer::real(2.5f) + (int)(Outer::real)t;
  Outer::E e = Outer::B;
  o[4] = use(i, Outer::Pair(t, 2), e);
  Outer w{};
  w.base = 5;
  o[5] = w.apply(Outer::Mode::Add, t) + w.apply(Outer::Mode::Mul, t);
  Outer::Pair p(t, t + 1);
  o[6] = p.sum() + static_cast<Outer::In>(i).x;
}
// CHECK: .visible .entry _Z6nestedPi(
