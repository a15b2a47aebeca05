// CUDA's scoped atomics: `_block` compiles at device scope (stronger than required, as LLVM 22
// drops the scope of atomicrmw), atomicCAS keeps its `.cta`/`.sys` scope.
__global__ void scoped(int *p, unsigned long long *u) {
  atomicAdd_block(p, 1);
  atomicCAS_block(p + 1, 0, 3);
  atomicExch_block(u, 5ull);
  atomicCAS_system(p + 2, 1, 2);
}
// CHECK: .entry _Z6scopedPiPy(
// CHECK: atom.global.add.u32
// CHECK: atom.relaxed.cta.global.cas.b32
// CHECK: atom.global.exch.b64
// CHECK: atom.relaxed.sys.global.cas.b32
