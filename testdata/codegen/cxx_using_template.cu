// `using N::C;` of a class template and a function template, also when the namespace declares
// them in an inline namespace (`thrust::complex` in `thrust::_V_...`): the using-declaration's
// name denotes the template itself (one entity: the specializations are the same type).
// ARGS: -arch=sm_90 -O3
namespace lib {
inline namespace v1 {
template <typename T> struct pair2 { T a, b; };
template <typename T> __device__ T sum(const pair2<T> &p) { return p.a + p.b; }
}
template <typename T> struct box { T v; };
}
namespace user {
using lib::pair2;
using lib::sum;
using lib::box;
}
namespace user2 {
using user::pair2;
}
__device__ float first(const lib::pair2<float> &p) { return p.a; }
__global__ void k(float *out) {
  user::pair2<float> p{out[0], out[1]};
  user2::pair2<float> q{out[2], out[3]};
  user::box<int> b{4};
  out[4] = user::sum(p) + first(q) + b.v;
}
// CHECK: .entry _Z1kPf(
