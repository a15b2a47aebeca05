// The walking skeleton's first kernel: restrict loads become non-coherent global loads, a*x+y fuses.
// ARGS: -arch=sm_90 -O3
extern "C" __global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
// CHECK: .target sm_90
// CHECK: .address_size 64
// CHECK: .visible .entry saxpy(
// CHECK: %ctaid.x
// CHECK: ld.global.nc.
// CHECK: fma.rn.f32
// CHECK: st.global.
// CHECK: ret;
