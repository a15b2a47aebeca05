// `dim3` is CUDA's own class (vector_types.h), not a typedef of uint3: a kernel taking one
// mangles as nvcc's `4dim3`; its constructors (defaults 1) and conversion to uint3 work.
__global__ void k(dim3 d, int *p) {
  dim3 a(2, 3);
  dim3 b = blockDim;
  uint3 u = a;
  p[0] = d.x + a.y + a.z + b.x + u.y + gridDim.z;
}
// CHECK: .entry _Z1k4dim3Pi(
// CHECK: .param .align 4 .b8 _Z1k4dim3Pi_param_0[12]
