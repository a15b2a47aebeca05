// ARGS: -arch=sm_80 -std=c++17
// A host launch whose argument is a system header's namespace-scope variable only host code
// names (`thrust::device`, a `__device__ constexpr` object in device compilation; no device
// code names it): the variable is resolved for typing the launch, and the kernel instance is
// nvcc's.
#include <thrust/execution_policy.h>
template <class P> __global__ void policy_size(P p, int *o) { *o = sizeof(p); }
int main() {
  int *o = nullptr;
  policy_size<<<1, 1>>>(thrust::device, o);
  return 0;
}
// CHECK: .visible .entry _Z11policy_sizeIN6thrust16_V_300500_SM_8008cuda_cub5par_tEEvT_Pi(
