// `auto` with pointers, references and qualifiers (`auto *`, `const auto &`, `auto &&`);
// functional casts of qualified names and template-ids (`ns::P{..}`, `ns::S<T>()`); braced
// functional casts of aggregates (`P{4}`, `S<int>{3}`, nested lists); `__launch_bounds__` on
// an explicitly instantiated kernel template.
namespace ns {
template <typename T> struct S {
  T v;
  __device__ T get() const { return v + 1; }
};
struct P {
  int v;
};
struct Pair {
  int a[2];
  P p;
};
template <typename T> struct Sum {
  __device__ T operator()(const T &a, const T &b) const { return a + b; }
};
} // namespace ns

template <typename T, typename Op> __device__ T apply(T x, T y, Op op) { return op(x, y); }

template <typename T> __device__ T via_template(T x) {
  return ns::S<T>{x}.get() + ns::S<T>().get() + apply(x, T(2), ns::Sum<T>());
}

__global__ void casts(int *o) {
  int t = threadIdx.x;
  int *r = o + 8 * t;
  r[0] = ns::S<int>{t}.get();
  r[1] = ns::P{t * 2}.v;
  r[2] = ns::S<int>().get();
  r[3] = via_template<int>(t);
  ns::Pair q = ns::Pair{{t, t + 1}, ns::P{7}};
  r[4] = q.a[0] + q.a[1] + q.p.v;
  r[5] = ns::Pair{}.p.v;
}

__global__ void autos(float *o, const float4 *in) {
  int t = threadIdx.x;
  auto *p = o + 4 * t;
  const auto *q = in + t;
  const auto &v = *q;
  auto &w = p[0];
  auto &&x = v.y;
  auto &&y = v.z * 2.0f;
  w = v.x;
  p[1] = x;
  p[2] = y;
  auto *f = reinterpret_cast<float *>(p);
  f[3] = v.w + 1.0f;
}

template <typename T, int B> __global__ void __launch_bounds__(B) bounded(T *o) { o[threadIdx.x] = T(B); }
template __global__ void bounded<float, 64>(float *);

// CHECK: .visible .entry _Z5castsPi(
// CHECK: .visible .entry _Z5autosPfPK6float4(
// CHECK: .visible .entry _Z7boundedIfLi64EEvPT_(
// CHECK: .maxntid 64, 1, 1
