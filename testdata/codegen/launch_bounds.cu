// __launch_bounds__ becomes .maxntid / .minnctapersm on the entry.
// ARGS: -arch=sm_80 -O3
extern "C" __global__ void __launch_bounds__(256, 2) bounded(float *p) { p[threadIdx.x] = 1.0f; }
// CHECK: .entry bounded(
// CHECK: .maxntid 256
// CHECK: .minnctapersm 2
