// sm_80 warp reductions (redux.sync) and the sm_70 warp match and sleep builtins.
// ARGS: -arch=sm_80 -O3
extern "C" __global__ void warp_reduce(const unsigned *in, unsigned *out) {
  unsigned t = threadIdx.x;
  unsigned v = in[t];
  int s = (int)v - 8;
  unsigned *o = out + 12 * t;
  o[0] = __reduce_add_sync(0xffffffffu, v);
  o[1] = __reduce_min_sync(0xffffffffu, v);
  o[2] = __reduce_max_sync(0xffffffffu, v);
  o[3] = (unsigned)__reduce_add_sync(0xffffffffu, s);
  o[4] = (unsigned)__reduce_min_sync(0xffffffffu, s);
  o[5] = (unsigned)__reduce_max_sync(0xffffffffu, s);
  o[6] = __reduce_and_sync(0xffffffffu, v | 0x100u);
  o[7] = __reduce_or_sync(0xffffffffu, v);
  o[8] = __reduce_xor_sync(0xffffffffu, v);
  o[9] = __match_any_sync(0xffffffffu, v & 3u);
  int pred = 7;
  o[10] = __match_all_sync(0xffffffffu, v & 0x10000u, &pred);
  o[11] = (unsigned)pred;
  __nanosleep(0);
}
// CHECK: .entry warp_reduce(
// CHECK: redux.sync.add.s32
// CHECK: redux.sync.min.u32
// CHECK: redux.sync.max.u32
// CHECK: redux.sync.min.s32
// CHECK: redux.sync.max.s32
// CHECK: redux.sync.and.b32
// CHECK: redux.sync.or.b32
// CHECK: redux.sync.xor.b32
// CHECK: match.any.sync.b32
// CHECK: match.all.sync.b32
// CHECK: nanosleep.u32
