// ARGS: -arch=sm_80 -std=c++17
// Host launches whose deduced kernel template arguments are types of a system header: the
// launch's arguments name `thrust::device` (a `constexpr` policy object whose class derives from
// class template specializations) and a `thrust::device_ptr<int>`, which only the host code
// names, so the declarations must be resolved for typing the launch; the class ids the first
// rounds saw may shift once later rounds learn values, and the instance stays the policy's.
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
template <class P> __global__ void policy_size(P p, int *o) { *o = sizeof(p); }
template <class T> __global__ void through(T p, int *o) { *o = sizeof(p); }
int main() {
  int *o = nullptr;
  policy_size<<<1, 1>>>(thrust::device, o);
  thrust::device_ptr<int> d(o);
  through<<<1, 1>>>(d, o);
  return 0;
}
// CHECK: .visible .entry _Z11policy_sizeIN6thrust16_V_300500_SM_8008cuda_cub5par_tEEvT_Pi(
// CHECK: .visible .entry _Z7throughIN6thrust16_V_300500_SM_80010device_ptrIiEEEvT_Pi(
