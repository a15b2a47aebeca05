// A host launch whose argument is a system header's namespace-scope variable that only host
// code names (`mini::device`, a `__device__ constexpr` object in device compilation, as
// Thrust's `thrust::device`; no device code names it): the variable is resolved for typing the
// launch, and the kernel instance is nvcc's.
#include <mini_policy.h>
template <class P> __global__ void policy_size(P p, int *o) { *o = sizeof(p) + p.tag; }
int main() {
  int *o = nullptr;
  policy_size<<<1, 1>>>(mini::device, o);
  return 0;
}
