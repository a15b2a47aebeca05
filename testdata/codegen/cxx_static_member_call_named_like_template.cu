// ARGS: -arch=sm_80 -O3 -std=c++17
// `X::rank()` and `X::extent(i)` with `X` a typedef and class templates `rank` and `extent`
// declared elsewhere (libcu++'s `extents`, beside its type traits): at namespace scope (a
// `static_assert`, a constexpr variable's initializer) they are calls of static members, not
// functional casts of a member type `X::rank`.
template <class T> struct rank {};
template <class T, unsigned I = 0> struct extent {};
template <int... N> struct ext {
  __host__ __device__ static constexpr int rank() { return sizeof...(N); }
  __host__ __device__ static constexpr int extent(int i) { return i * 10 + (int)sizeof...(N); }
};
using X = ext<1, 2>;
namespace ns { using Y = ext<7, 8, 9>; }
static_assert(X::rank() == 2, "");
static_assert(X::extent(3) == 32, "");
static_assert(ns::Y::rank() == 3, "");
constexpr int r = X::rank() + ns::Y::extent(4);
__device__ int dev_rank() { return X::rank(); }
__global__ void k(int *o) {
  o[0] = X::rank();
  o[1] = X::extent(1);
  o[2] = r;
  o[3] = dev_rank();
  o[4] = ext<4>::rank();
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 2;
// CHECK: st.global.b32 [%rd2+4], 12;
// CHECK: st.global.b32 [%rd2+8], 45;
// CHECK: st.global.b32 [%rd2+12], 2;
// CHECK: st.global.b32 [%rd2+16], 1;
