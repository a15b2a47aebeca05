// The SIMD video functions (__vadd2, __vcmpgts2, __vsadu4, ...; body-less builtins cicc expands)
// are nvcc's integer sequences: halfword/byte sign masks by prmt, three-input selects by lop3,
// byte absolute differences by vabsdiff4 (results: testdata/difftest/simd.cu). __prof_trigger of
// a constant is pmevent, as nvcc writes it.
// ARGS: -arch=sm_80 -O3
extern "C" __global__ void simd(unsigned *o, unsigned a, unsigned b) {
  o[0] = __vadd2(a, b);
  o[1] = __vcmpgts2(a, b);
  o[2] = __vabsdiffu4(a, b);
  o[3] = __vsadu4(a, b);
  o[4] = __vsetgtu4(a, b);
  o[5] = __vsadu2(a, b);
  __prof_trigger(3);
}
// CHECK: .entry simd(
// CHECK: add.s32
// CHECK-NEXT: xor.b32
// CHECK-NEXT: , 65536;
// CHECK-NEXT: sub.s32
// CHECK: , 0x8E;
// CHECK: , 0, 0xbb99
// CHECK: vabsdiff4.u32.u32.u32 %r
// CHECK: vabsdiff4.u32.u32.u32.add
// CHECK: , 0xB2;
// CHECK: vabsdiff2.u32.u32.u32.add
// CHECK: pmevent 3;
// CHECK-NOT: trap;
// CHECK: ret;
