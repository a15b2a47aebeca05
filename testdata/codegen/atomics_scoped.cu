// CUDA's scoped atomics: `_block` compiles at device scope (stronger than required, as LLVM 22
// drops the scope of atomicrmw), atomicCAS keeps its `.cta`/`.sys` scope, and the other
// `_system` operations are nvcc's `atom.sys.<op>` as inline PTX (sub as an add of the negation).
__global__ void scoped(int *p, unsigned long long *u, float *f, double *d) {
  atomicAdd_block(p, 1);
  atomicCAS_block(p + 1, 0, 3);
  atomicExch_block(u, 5ull);
  atomicCAS_system(p + 2, 1, 2);
  atomicAdd_system(f, 1.5f);
  atomicAdd_system(d, 2.5);
  atomicSub_system(p + 3, 4);
  atomicMax_system(p + 4, -7);
  atomicMin_system(u + 1, 9ull);
  atomicInc_system((unsigned *)p + 5, 10u);
  atomicXor_system(u + 2, 3ull);
  atomicExch_system(f + 1, 0.5f);
}
// CHECK: .entry _Z6scopedPiPyPfPd(
// CHECK: atom.global.add.u32
// CHECK: atom.relaxed.cta.global.cas.b32
// CHECK: atom.global.exch.b64
// CHECK: atom.relaxed.sys.global.cas.b32
// CHECK: atom.sys.add.f32
// CHECK: atom.sys.add.f64
// CHECK: atom.sys.add.u32
// CHECK: atom.sys.max.s32
// CHECK: atom.sys.min.u64
// CHECK: atom.sys.inc.u32
// CHECK: atom.sys.xor.b64
// CHECK: atom.sys.exch.b32
