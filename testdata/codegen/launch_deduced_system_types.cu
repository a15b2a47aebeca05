// ARGS: -arch=sm_80 -std=c++17
// A host launch whose deduced kernel template argument is a class of a system header:
// `thrust::device`, a `constexpr` policy object whose class derives from class template
// specializations. The class ids the host rounds saw shift once the instantiation rounds learn
// values; the launched instance is read again then, and stays the policy's (no instance of
// another class, no missing kernel). (`uses` names it in device code; a name only host code
// writes: `launch_system_variable_host_only.cu`.)
#include <thrust/execution_policy.h>
__global__ void uses(int *o) {
  auto p = thrust::device;
  *o = sizeof(p);
}
template <class P> __global__ void policy_size(P p, int *o) { *o = sizeof(p); }
int main() {
  int *o = nullptr;
  policy_size<<<1, 1>>>(thrust::device, o);
  return 0;
}
// CHECK: .visible .entry _Z4usesPi(
// CHECK: .visible .entry _Z11policy_sizeIN6thrust16_V_300500_SM_8008cuda_cub5par_tEEvT_Pi(
