// tex2Dgather: tld4 of one component (0..3: r, g, b, a) of the four texels a bilinear filter
// reads; a component known only at run time selects the instruction with a switch, as nvcc's.
// The result type picks the destination type (.f32, .s32, .u32). Runs as
// testdata/difftest/textures_gather.cu.
__global__ void gather(cudaTextureObject_t t, float4 *o, int c, float x, float y) {
  o[0] = tex2Dgather<float4>(t, x, y, c);
  o[1] = tex2Dgather<float4>(t, x, y, 1);
  int4 a = tex2Dgather<int4>(t, x, y);
  o[2].x = a.y;
  uchar4 u = tex2Dgather<uchar4>(t, x, y, 3);
  o[3].x = u.z;
}
// CHECK: .visible .entry _Z6gatheryP6float4iff(
// CHECK: tld4.r.2d.v4.f32.f32
// CHECK: tld4.b.2d.v4.f32.f32
// CHECK: tld4.a.2d.v4.f32.f32
// CHECK: tld4.g.2d.v4.f32.f32
// CHECK: tld4.g.2d.v4.f32.f32
// CHECK: tld4.r.2d.v4.s32.f32
// CHECK: tld4.a.2d.v4.u32.f32
