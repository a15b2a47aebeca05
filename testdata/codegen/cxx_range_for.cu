// C++ range-based for over arrays: by value, by reference (writes through), const auto&,
// records, continue.
struct P { float x, y; };
__global__ void rf(float *out, const int *in) {
  float a[4] = {1.f, 2.f, 3.f, (float)in[threadIdx.x]};
  float s = 0.f;
  for (float v : a) s += v;
  for (auto &v : a) v *= 2.f;
  for (const auto &v : a) { if (v > 5.f) continue; s += v; }
  P ps[2] = {{1.f, 2.f}, {3.f, 4.f}};
  for (auto p : ps) s += p.x * p.y;
  out[threadIdx.x] = s + a[3];
}
// CHECK: .entry _Z2rfPfPKi(
// CHECK: st.global.b32
