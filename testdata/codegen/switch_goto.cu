// switch with fallthrough and goto compile to branches; -O0 keeps the structure.
// ARGS: -arch=sm_75 -O0
extern "C" __global__ void sw(int *p) {
  int v = p[0];
  switch (v & 3) {
  case 0: v += 1;
  case 1: v *= 3; break;
  default: goto done;
  }
  p[1] = v;
done:
  p[2] = v;
}
// CHECK: .target sm_75
// CHECK: .entry sw(
// CHECK: bra
// CHECK: ret;
