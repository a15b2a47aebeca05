// Calls in unevaluated operands (decltype, sizeof) are not calls: a __host__ function is
// named there from device code without nvcc's execution-space error.
// ARGS: -arch=sm_80 -O3
__host__ double host_only(int);
__host__ short host_short();
template <class T>
__host__ T make();

extern "C" __global__ void unevaluated_host_calls(int *out) {
  decltype(host_only(1)) d = 2.5;
  out[threadIdx.x] = sizeof(host_only(2)) + sizeof(host_short()) + sizeof(make<char>());
  out[32 + threadIdx.x] = d * threadIdx.x;
}
// CHECK: .entry unevaluated_host_calls(
// CHECK: ], 11;
// CHECK: 0d4004000000000000;
