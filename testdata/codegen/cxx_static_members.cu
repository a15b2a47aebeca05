// Static data members (const and constexpr, in ordinary classes and class templates) and
// static_assert in classes (checked per specialization), static
// member functions called as S::f() and obj.f(), member typedefs and aliases, namespace-scope
// aliases and alias templates, block-scope typedefs and aliases, dependent names
// (`typename V::value_type`, `V::size`) and decltype.
using real = float;
template <class T> using Ptr = T *;
typedef unsigned int uint;

struct Cfg {
  static const int N = 4;
  static constexpr float scale = 0.5f;
  typedef float value_type;
  using index_type = int;
  static_assert(N == 4 && sizeof(value_type) == 4, "four floats");
  static __device__ __noinline__ int twice(int x) { return 2 * x + N; }
  __device__ value_type get(index_type i) const { return v[i % N] * scale; }
  value_type v[N];
};

template <class T, int K>
struct Vec {
  typedef T value_type;
  static constexpr int size = K;
  static_assert(size > 0 && sizeof(value_type) >= 4, "elements");
  T data[K];
  __device__ T sum() const { T s = 0; for (int i = 0; i < size; ++i) s += data[i]; return s; }
};

const int Cfg::N;
template <class T, int K> constexpr int Vec<T, K>::size;

template <uint B> struct Pow2 { static constexpr uint v = 1u << B; };

template <class V> __device__ typename V::value_type total(const V &v) {
  typename V::value_type s = v.sum();
  return s * V::size;
}

__global__ void statics(Ptr<const real> in, real *out, int *iout) {
  int t = threadIdx.x;
  Cfg c;
  for (int i = 0; i < Cfg::N; ++i) c.v[i] = in[t + i];
  Vec<float, 3> w;
  for (int i = 0; i < Vec<float, 3>::size; ++i) w.data[i] = in[t + i];
  decltype(c.v[0] + 1) a = c.get(t);
  decltype(out[0]) ref = out[t];
  ref = a + total(w);
  using acc_t = Cfg::index_type;
  typedef acc_t *acc_ptr;
  acc_t k = Cfg::twice(t) + c.twice(1) + Pow2<3>::v + c.N;
  acc_ptr kp = &k;
  int arr[Pow2<2>::v];
  for (int i = 0; i < Pow2<2>::v; ++i) arr[i] = i;
  iout[t] = *kp + arr[3] + sizeof(arr);
}
// CHECK: .func  (.param .b32 func_retval0) _ZN3Cfg5twiceEi(
// CHECK: .visible .entry _Z7staticsPKfPfPi(
// CHECK: call.uni (retval0), _ZN3Cfg5twiceEi, (param0);
