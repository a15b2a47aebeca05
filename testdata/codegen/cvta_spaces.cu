// ARGS: -arch=sm_80 -O3 -std=c++17
// The address-space conversions of sm_20_intrinsics.h: __cvta_generic_to_shared & co. give the
// address in the space (a 32-bit shared offset, zero-extended), __cvta_*_to_generic back (a
// load through the converted-back pointer is a shared one).
__global__ void k(unsigned long long *o, int *g) {
  __shared__ int s[32];
  s[threadIdx.x] = (int)threadIdx.x;
  __syncthreads();
  size_t sh = __cvta_generic_to_shared(&s[threadIdx.x]);
  size_t sh0 = __cvta_generic_to_shared(s);
  int *back = (int *)__cvta_shared_to_generic(sh);
  o[threadIdx.x] = (sh - sh0) + 1000 * (unsigned long long)*back;
  if (threadIdx.x == 0) {
    size_t gl = __cvta_generic_to_global(g);
    int *gp = (int *)__cvta_global_to_generic(gl);
    gp[0] += 1;
  }
}
// CHECK: .visible .entry _Z1kPyPi(
// CHECK: cvt.u64.u32
// CHECK: ld.shared.b32
