// C++ named casts: static_cast, const_cast, reinterpret_cast to a pointer and to a reference
// (`*(T*)&e`, reading the bits of a float).
__global__ void casts(float *p, unsigned *bits, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  int t = static_cast<int>(p[i]);
  bits[i] = reinterpret_cast<unsigned &>(p[i]);
  const float *c = const_cast<const float *>(p);
  p[i] = static_cast<float>(t) + c[i] * 0.5f;
}
// CHECK: .entry _Z5castsPfPji(
// CHECK: cvt.rzi.s32.f32
