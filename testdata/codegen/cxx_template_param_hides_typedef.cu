// A template parameter hides a typedef of the same name in an enclosing scope: a class's
// `typedef long index_t;` and a member `template <typename index_t> index_t get(index_t)`, and a
// namespace-scope `typedef long T;` and a function template over `T`.
// ARGS: -arch=sm_90 -O3
typedef long T;
struct S {
  typedef long index_t;
  index_t base;
  template <typename index_t>
  __device__ index_t get(index_t i) const { return (index_t)base + i; }
};
template <typename T>
__device__ T twice(T i) { return i + i; }
__global__ void k(float *out, int *q) {
  S s{40};
  out[0] = s.get(out[1]);
  out[2] = twice(out[3]);
  q[0] = s.get(2);
}
// CHECK: .entry _Z1kPfPi(
// CHECK-NOT: cvt.rzi
// CHECK: ret;
