// A template-id written after `::` names the global namespace's template even inside a
// namespace that has one of the same name (`::std::complex<U>` inside `cuda::std`, where
// `std::complex` alone is `cuda::std::complex`).
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
namespace std {
template <class T> struct pair2 { T a, b; };
}
namespace outer {
namespace std {
template <class T> struct pair2 {
  T first, second;
  __host__ __device__ pair2(T x, T y) : first(x), second(y) {}
  template <class U> __host__ __device__ pair2(const ::std::pair2<U>& o) : first(o.a), second(o.b) {}
};
__host__ __device__ inline int sum(const std::pair2<int>& p) { return p.first + p.second; }
__host__ __device__ inline int diff(const ::std::pair2<int>& p) { return p.a - p.b; }
}  // namespace std
}  // namespace outer

__global__ void k(int *o) {
  ::std::pair2<int> g{7, 2};
  outer::std::pair2<int> p(g);
  o[0] = outer::std::sum(p);
  o[1] = outer::std::diff(g);
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 9;
// CHECK: st.global.b32 [%rd2+4], 5;
