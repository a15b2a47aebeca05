// Texture objects: each tex<T> call is nvcc's four-component `tex.<geom>.v4.<f32|s32|u32>`
// (integer coordinates for tex1Dfetch, float ones otherwise; the layer first for layered
// geometries; 3D and cube coordinates padded to four), T taking its components from it.
// ARGS: -arch=sm_80 -O3
extern "C" __global__ void fetch(cudaTextureObject_t t, const int *idx, float4 *f4, int *i, uint2 *u2) {
  int k = idx[threadIdx.x];
  f4[0] = tex1Dfetch<float4>(t, k);
  i[0] = tex1Dfetch<int>(t, k);
  u2[0] = tex1Dfetch<uint2>(t, k);
}
// CHECK: .entry fetch(
// CHECK: tex.1d.v4.f32.s32 {%r1, %r2, %r3, %r4}, [%rd1, {%r9}];
// CHECK: tex.1d.v4.s32.s32
// CHECK: tex.1d.v4.u32.s32
// CHECK: st.global.v2.b32
// CHECK: ret;

extern "C" __global__ void sample(cudaTextureObject_t t, const float *c, float *f, float2 *f2, int4 *i4, unsigned *u) {
  float x = c[0], y = c[1], z = c[2];
  f[0] = tex1D<float>(t, x);
  f2[0] = tex2D<float2>(t, x, y);
  i4[0] = tex3D<int4>(t, x, y, z);
  u[0] = tex2DLod<unsigned>(t, x, y, 1.5f);
  f[1] = tex2DLayered<float>(t, x, y, 3);
  f[2] = texCubemap<float>(t, x, y, z);
  float r;
  tex2D(&r, t, y, x);
  f[3] = r;
}
// CHECK: .entry sample(
// CHECK: tex.1d.v4.f32.f32
// CHECK: tex.2d.v4.f32.f32
// CHECK: tex.3d.v4.s32.f32 {%r11, %r12, %r13, %r14}, [%rd1, {%r5, %r10, %r15, %r15}];
// CHECK: tex.level.2d.v4.u32.f32 {%r16, %r17, %r18, %r19}, [%rd1, {%r5, %r10}], %r20;
// CHECK: tex.a2d.v4.f32.f32 {%r21, %r22, %r23, %r24}, [%rd1, {%r25, %r5, %r10, %r10}];
// CHECK: tex.cube.v4.f32.f32
// CHECK: tex.2d.v4.f32.f32 {%r30, %r31, %r32, %r33}, [%rd1, {%r10, %r5}];
// CHECK: ret;

// Equal fetches are one instruction (a texture is read-only while the kernel runs).
extern "C" __global__ void merged(cudaTextureObject_t t, float *f) {
  f[0] = tex2D<float>(t, 0.5f, 0.5f) + tex2D<float>(t, 0.5f, 0.5f);
}
// CHECK: .entry merged(
// CHECK: tex.2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%r5, %r5}];
// CHECK-NOT: tex.
// CHECK: ret;

// Surface objects: `suld.b`/`sust.b` of T's component size and count, with the boundary mode
// (trap by default); reads and writes keep their order.
extern "C" __global__ void surfaces(cudaSurfaceObject_t s, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  float v = surf2Dread<float>(s, x * 4, y);
  uchar4 c = surf1Dread<uchar4>(s, x * 4, cudaBoundaryModeClamp);
  long long l = surf1Dread<long long>(s, x * 8);
  float4 q = surf3Dread<float4>(s, x * 16, y, 2, cudaBoundaryModeZero);
  surf2Dwrite(v * 2.0f, s, x * 4, y);
  surf1Dwrite(c, s, x * 4, cudaBoundaryModeClamp);
  surf1Dwrite(l + 1, s, x * 8);
  surf3Dwrite(q, s, x * 16, y, 2, cudaBoundaryModeZero);
  surf2Dwrite(surf2Dread<short2>(s, x * 4, y), s, w, y);
}
// CHECK: .entry surfaces(
// CHECK: suld.b.2d.b32.trap {%r1}, [%rd1, {%r2, %r5}];
// CHECK: suld.b.1d.v4.b8.clamp {%rs1, %rs2, %rs3, %rs4}, [%rd1, {%r2}];
// CHECK: suld.b.1d.b64.trap {%rd
// CHECK: suld.b.3d.v4.b32.zero {%r8, %r9, %r10, %r11}, [%rd1, {%r4, %r5, %r6, %r6}];
// CHECK: sust.b.2d.b32.trap [%rd1, {%r2, %r5}], {%r7};
// CHECK: sust.b.1d.v4.b8.clamp
// CHECK: sust.b.1d.b64.trap
// CHECK: sust.b.3d.v4.b32.zero [%rd1, {%r4, %r5, %r6, %r6}], {%r8, %r9, %r10, %r11};
// CHECK: suld.b.2d.v2.b16.trap
// CHECK-NEXT: // end inline asm
// CHECK: sust.b.2d.v2.b16.trap
// CHECK-NOT: suld
// CHECK: ret;
