// Using-declarations and using-directives inside namespaces: they apply to lookups from inside
// that namespace only (a directive in `app` does not make `lib`'s names visible globally);
// `using ::size_t;` names a global; the nominated namespace is looked up like any name
// (`detail` is `lib::detail`, found through the directive for `lib`). Class templates declared
// before their definition or with specializations only (`template <class T> struct Traits;`).
namespace lib {
__device__ inline float sq(float x) { return x * x; }
__device__ inline float cube(float x) { return x * x * x; }
namespace detail {
__device__ inline float half(float x) { return x / 2; }
} // namespace detail
using ::size_t;
} // namespace lib
__device__ float sq(int x) { return 100.0f; }
namespace app {
using lib::sq;
using namespace lib;
using namespace detail;
__device__ float use(float x) { return sq(x) + cube(x) + half(x); }
} // namespace app

template <typename T> struct Traits;
template <> struct Traits<float> {
  static constexpr int bits = 32;
  using U = unsigned;
};
template <typename T> struct Traits<T *> {
  static constexpr int bits = 64;
};
template <typename T> struct Later;
template <typename T> struct Later {
  T v;
  __device__ T get() const { return v * 2; }
};

__global__ void using_ns(float *o, int *p) {
  float x = o[threadIdx.x];
  o[threadIdx.x] = app::use(x) + sq(2) + app::sq(x);
  lib::size_t n = sizeof(Later<double>);
  typename Traits<float>::U u = Traits<float>::bits;
  Later<int> l{p[threadIdx.x]};
  p[threadIdx.x] = u + Traits<int *>::bits + l.get() + int(n);
}
// CHECK: .visible .entry _Z8using_nsPfPi(
