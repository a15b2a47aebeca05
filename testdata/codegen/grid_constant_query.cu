// ARGS: -arch=sm_80 -O3
// __isGridConstant (sm_20_intrinsics.h, sm_70+; libcu++'s cuda::device::is_address_from asks it):
// isspacep.param on the generic address, as a 0/1 value.
__global__ void k(unsigned *o, const int *p) { o[0] = __isGridConstant(p) + 2 * __isGlobal(p); }
// CHECK: .visible .entry _Z1kPjPKi(
// CHECK: isspacep.param
