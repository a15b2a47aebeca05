// ARGS: -arch=sm_80 -O3 -std=c++20
// Default member initializers of bit-fields (C++20; nvcc accepts them in C++17 with a
// warning, NVRTC refuses them there): `int x : 3 = 2;` is a 3-bit field initialized to 2 (the
// width is a conditional-expression, so the `=` starts the initializer), `{}` works too.
struct Bits {
  int x : 3 = 2;
  unsigned y : 5 {17};
  int z : 4 = -3;
  unsigned w : 6;
  __device__ Bits() {}
  __device__ Bits(unsigned v) : w(v) {}
};
struct Agg {
  unsigned a : 4 = 9;
  unsigned b : 4;
};
__global__ void bitfields(const int *in, int *out) {
  int t = threadIdx.x;
  int *o = out + 4 * t;
  Bits b;
  o[0] = b.x + b.y + b.z;
  Bits c(in[t]);
  o[1] = c.x * 1000 + c.w;
  Agg a{};
  o[2] = a.a * 100 + a.b;
  Agg d{3, 5};
  o[3] = d.a * 100 + d.b;
}
// CHECK: .visible .entry _Z9bitfieldsPKiPi(
