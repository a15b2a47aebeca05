// -fmad=true (the default) fuses a*b+c into fma like cicc, but never a subtraction: cicc keeps
// a*b-c, c-a*b and a*b-c*d as mul and sub, and so must we to compute the same bits. The
// subtraction is a plain `sub.f32`, not `sub.rn.f32`: ptxas is free to fuse it with a product,
// as it does with nvcc's (on an H100, `sub.rn.f32` gave results up to 2^29 ulps from nvcc's).
extern "C" __global__ void add(float *p) { p[0] = p[1] * p[2] + p[3]; }
extern "C" __global__ void sub(float *p) { p[0] = p[1] * p[2] - p[3] * p[4]; }
// CHECK: .entry add(
// CHECK: fma.rn.f32
// CHECK: .entry sub(
// CHECK-NOT: fma.rn.f32
// CHECK: mul.f32
// CHECK: mul.f32
// CHECK: sub.f32
// CHECK: ret;
// The subtractions are kept from fusing after optimization, so the optimizer still folds them:
// with e0 = 0 and e1 = 1 after inlining, (x - e0) / (e1 - e0) is x, no subtraction or division.
__device__ inline float ramp(float e0, float e1, float x) { return (x - e0) / (e1 - e0); }
extern "C" __global__ void folded(float *p) { p[0] = ramp(0.f, 1.f, p[1]) * p[2] - p[3]; }
// CHECK: .entry folded(
// CHECK-NOT: div.rn.f32
// CHECK: mul.f32
// CHECK-NOT: sub.f32
// CHECK: sub.f32
// CHECK-NOT: sub.f32
// CHECK: ret;
