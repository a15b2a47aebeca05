// -fmad=true (the default) fuses a*b+c into fma like cicc, but never a subtraction: cicc keeps
// a*b-c, c-a*b and a*b-c*d as mul and sub, and so must we to compute the same bits. (LLVM marks
// the uncontracted subtraction `.rn`, which also keeps ptxas from fusing it; nvcc's plain
// `sub.f32` leaves ptxas free to.)
extern "C" __global__ void add(float *p) { p[0] = p[1] * p[2] + p[3]; }
extern "C" __global__ void sub(float *p) { p[0] = p[1] * p[2] - p[3] * p[4]; }
// CHECK: .entry add(
// CHECK: fma.rn.f32
// CHECK: .entry sub(
// CHECK-NOT: fma.rn.f32
// CHECK: mul.f32
// CHECK: mul.f32
// CHECK: sub.rn.f32
// CHECK: ret;
