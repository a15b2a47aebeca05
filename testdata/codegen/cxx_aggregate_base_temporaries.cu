// ARGS: -arch=sm_80 -O3 -std=c++17
// A braced temporary of an aggregate whose only initializer is its base's nested list
// (`D{{t}}`, C++17 aggregate bases) initializes the base from that list; it was
// value-initialized (zero) as if written `D{}`.
struct Pt { int x; };
struct D : Pt {};
struct E : Pt { int y; };
__device__ __noinline__ int area(const Pt &p) { return p.x * p.x; }
__device__ __noinline__ int aread(const D &p) { return p.x + 100; }
__global__ void k(int *o, int t) {
  o[0] = D{{t}}.x;
  D e = D{{t}};
  o[1] = e.x;
  o[2] = aread(D{{t}});
  o[3] = area(E{{t}, 2});
  o[4] = area(D{{t}});
  o[5] = D{}.x;
}
// CHECK: .entry _Z1kPii(
// CHECK: ld.param.b32 %r1, [_Z1kPii_param_1];
// CHECK: st.global.b32 [%rd2], %r1;
// CHECK: st.global.b32 [%rd2+4], %r1;
