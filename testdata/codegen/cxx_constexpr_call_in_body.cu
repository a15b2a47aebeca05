// A call of a constexpr function in a constant expression inside a body (`if constexpr`, a case
// label) of a file without templates: the def map's fixed point evaluates it, as it does when the
// file has templates.
// ARGS: -arch=sm_80 -O3 -std=c++17
__device__ constexpr int sq(int x) { return x * x; }
__global__ void k(int *out, int v) {
  if constexpr (sq(3) == 9)
    out[0] = 1;
  else
    out[0] = 2;
  switch (v) {
  case sq(3):
    out[1] = 5;
    break;
  default:
    out[1] = 6;
  }
}
// CHECK: .entry _Z1kPii(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: setp.eq.b32 %p1, %r1, 9;
