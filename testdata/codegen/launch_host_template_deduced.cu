// ARGS: -arch=sm_80
// Kernels launched inside host function templates called with deduced template arguments:
// `run(p, ...)` is read with `T` deduced from the call (through a pointer, a const reference, a
// forwarding reference, and two levels deep), as nvcc's device pass instantiates it. nvcc's order:
// the non-template functions' own launches, then the templates they call, each read depth first
// with a called template's kernels where the call is.
template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
template <class T> __global__ void scale(T *p, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= a;
}
struct Buf { float *p; int n; };
template <class T> void run(T *p, T a, int n) { scale<<<(n + 127) / 128, 128>>>(p, a, n); }
template <class T> void by_ref(const T &b) { fill<<<1, 32>>>(b.p, 1.0f); }
template <class T> void fwd(T &&x) { fill<<<1, 32>>>(x, 2); }
template <class A, class B> void two(A *a, B b) { fill<<<1, 32>>>(a, (A)b); }
template <class T> void outer(T *p) { two(p, 3.0); }
template <class T> void written(T *p, int n) { scale<T><<<1, 128>>>(p, T(2), n); }
template <class T> void inner(T *p) { fill<<<1, 1>>>(p, T(1)); }
template <class T> void nested(T *p) { inner((char *)p); scale<<<1, 1>>>(p, T(3), 1); }
void other() {
  long *lp = nullptr;
  nested(lp);
}

int main() {
  float *f = nullptr;
  run(f, 2.0f, 10);
  run<double>(nullptr, 2.0, 10);
  Buf b{nullptr, 0};
  by_ref(b);
  int *ip = nullptr;
  fwd(ip);
  short *sp = nullptr;
  outer(sp);
  unsigned *up = nullptr;
  written(up, 10);
  long long *llp = nullptr;
  fill<<<1, 1>>>(llp, 5ll);
  other();
  return 0;
}

// The entries nvcc emits, in its order (nvcc -arch=sm_80 -ptx):
// CHECK: .visible .entry _Z4fillIxEvPT_S0_(
// CHECK: .visible .entry _Z4fillIcEvPT_S0_(
// CHECK: .visible .entry _Z5scaleIlEvPT_S0_i(
// CHECK: .visible .entry _Z5scaleIfEvPT_S0_i(
// CHECK: .visible .entry _Z5scaleIdEvPT_S0_i(
// CHECK: .visible .entry _Z4fillIfEvPT_S0_(
// CHECK: .visible .entry _Z4fillIiEvPT_S0_(
// CHECK: .visible .entry _Z4fillIsEvPT_S0_(
// CHECK: .visible .entry _Z5scaleIjEvPT_S0_i(
// CHECK-COUNT-9: .entry
