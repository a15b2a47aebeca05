// ARGS: -arch=sm_90 -O3
// __isGridConstant (sm_20_intrinsics.h, sm_70+; libcu++'s cuda::device::is_address_from asks it):
// isspacep.param on the generic address, as a 0/1 value. (It needs PTX 7.7; below that, where
// warpc emits an older PTX, no generic address points into the parameter space and it is 0.)
__global__ void k(unsigned *o, const int *p) { o[0] = __isGridConstant(p) + 2 * __isGlobal(p); }
// CHECK: .visible .entry _Z1kPjPKi(
// CHECK: isspacep.param
