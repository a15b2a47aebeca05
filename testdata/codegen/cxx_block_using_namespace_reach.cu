// ARGS: -arch=sm_80 -std=c++17
// A block-scope `using namespace` (CUB's `using namespace cub::detail;` in
// `cub::ThreadReduce`): the system header's declarations the directive makes visible are
// reached from the unqualified names after it (they were left out of the device compile:
// "template-id used other than in a call"), and a namespace that declares only variable
// templates is a namespace ("name must be a namespace name").
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 8;
// CHECK: +4], 1;
// CHECK: +8], 10;
// CHECK: +12], 0;
#include <cub/detail/type_traits.cuh>
namespace lib {
namespace vt {
template <class T> constexpr int sz_v = sizeof(T);
}
__device__ int own() {
  using namespace lib::vt;
  return sz_v<double>;
}
template <class T> __device__ int one_of() {
  using namespace cub::detail;
  return is_one_of_v<T, char, int> + 10 * is_fixed_size_random_access_range_v<T>;
}
} // namespace lib
__device__ int global_fn() {
  using namespace cub::detail;
  return is_one_of_v<short, char, int>;
}
__global__ void k(int *o) {
  o[0] = lib::own();
  o[1] = lib::one_of<int>();
  o[2] = lib::one_of<int[3]>();
  o[3] = global_fn();
}
