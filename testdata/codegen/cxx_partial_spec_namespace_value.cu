// ARGS: -arch=sm_80 -O3 -std=c++17
// A partial specialization's value pattern names a constant of the template's namespace
// unqualified (libcu++'s `class span<_Tp, dynamic_extent>` inside `cuda::std`): it is looked up
// there, not where the specialization is used.
namespace ns {
inline namespace v1 {
inline constexpr unsigned long dyn = static_cast<unsigned long>(-1);
template <class T, unsigned long E = dyn> class sp;
template <class T, unsigned long E> class sp {
public:
  __device__ sp(T *p) : d(p) {}
  __device__ unsigned long size() const { return E; }
  T *d;
};
template <class T> class sp<T, dyn> {
public:
  __device__ sp(T *p, unsigned long n) : d(p), n(n) {}
  __device__ unsigned long size() const { return n; }
  T *d;
  unsigned long n;
};
} // namespace v1
} // namespace ns
__global__ void k(float *p, unsigned long *o) {
  ns::sp<float, 16> s(p);
  ns::sp<float> t(p, 3);
  o[0] = s.size() * 100 + t.size();
}
// CHECK: .visible .entry _Z1kPfPm(
// CHECK: 1603;
