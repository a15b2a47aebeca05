// Inside a partial specialization, the template's own name is the specialization (the
// injected class name): `sp(const sp&) noexcept = default` is its copy constructor, as in
// libcu++'s `span<T, dynamic_extent>`.
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
constexpr unsigned long dyn = static_cast<unsigned long>(-1);
template <class T, unsigned long E = dyn> class sp {
 public:
  T *p;
  sp(const sp &) noexcept = default;
  __host__ __device__ sp(T *q) : p(q) {}
  __host__ __device__ unsigned long size() const { return E; }
};
template <class T> class sp<T, dyn> {
 public:
  T *p;
  unsigned long n;
  sp(const sp &) noexcept = default;
  sp &operator=(const sp &) noexcept = default;
  __host__ __device__ sp(T *q, unsigned long m) : p(q), n(m) {}
  __host__ __device__ unsigned long size() const { return n; }
};
__global__ void k(float *o) {
  sp<float> s(o, 4);
  sp<float> t(s);
  t = s;
  t.p[0] = t.size();
  sp<float, 3> u(o);
  sp<float, 3> v(u);
  v.p[1] = v.size();
}
// CHECK: .entry _Z1kPf(
// CHECK: st.global.b32 [%rd2], 1082130432;
// CHECK: st.global.b32 [%rd2+4], 1077936128;
