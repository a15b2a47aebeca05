// ARGS: -arch=sm_80
// Host launches whose kernel template arguments are deduced from the call arguments, as an
// ordinary call deduces them: through a pointer, a reference, a class template parameter
// (Poly<N> deducing the non-type N), with a defaulted argument, and partly written. A kernel
// named with written arguments as a value (cudaLaunchKernel) is instantiated too.
template <int N> struct Poly { float c[N]; };

template <typename T, int N = 3>
__global__ void scale(T* out, const T& k, Poly<N> q) { out[0] = k * q.c[N - 1]; }

template <typename T, int M = 4>
__global__ void fill(T* out) { out[0] = M; }

template <int D, typename T>
__global__ void shift(T* out, T v) { out[0] = v + D; }

template <typename T>
__global__ void by_value(T v, T* out) { out[0] = v; }

template <typename T>
void run(T* p, int n) {
  by_value<<<1, n>>>(T(1), p);
}

int main() {
  float* pf = nullptr;
  float k = 2.0f;
  Poly<5> q{};
  scale<<<1, 32>>>(pf, k, q);
  double* pd = nullptr;
  fill<<<1, 32>>>(pd);
  long long v = 7;
  long long* pl = nullptr;
  shift<3><<<1, 32>>>(pl, v);
  run<unsigned>(nullptr, 4);
  void* args[] = {&pd};
  cudaLaunchKernel((const void*)fill<short>, 1, 1, args, 0, 0);
  return 0;
}

// The entries nvcc emits, in its order (nvcc -arch=sm_80 -ptx):
// CHECK: .visible .entry _Z5scaleIfLi5EEvPT_RKS0_4PolyIXT0_EE(
// CHECK: .visible .entry _Z4fillIdLi4EEvPT_(
// CHECK: .visible .entry _Z5shiftILi3ExEvPT0_S0_(
// CHECK: .visible .entry _Z4fillIsLi4EEvPT_(
// CHECK: .visible .entry _Z8by_valueIjEvT_PS0_(
// CHECK-COUNT-5: .entry
