// A lambda without a return statement returns void (by-reference captures updated through it).
__global__ void lam_void(const int *in, int *out) {
  int i = threadIdx.x;
  int s = in[i];
  auto add = [&](int v) { s += v; };
  auto twice = [&](int v) { add(v); add(v); return; };
  add(3);
  twice(i);
  out[i] = s;
}

// CHECK: .visible .entry _Z8lam_voidPKiPi(
