// CUDA 12.8's __nv_atomic_* builtins: inline PTX spelled as nvcc's (orders, scopes, seq_cst as
// fence.sc then the acquire or relaxed operation, fetch_sub as an add of the negated value,
// compare-exchange with the stronger of its two orders), checked against nvcc 13's output.
// ARGS: -arch=sm_80 -O3
__device__ int gi;
__device__ unsigned gu;
__device__ long long gl;
__device__ unsigned long long gul;
__device__ float gf;
__device__ unsigned short gus;
__device__ char gc;

__global__ void loads(int *o) {
  o[0] = __nv_atomic_load_n(&gi, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);
  o[1] = __nv_atomic_load_n(&gi, __NV_ATOMIC_CONSUME, __NV_THREAD_SCOPE_BLOCK);
  o[2] = __nv_atomic_load_n(&gi, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  o[3] = __nv_atomic_load_n(&gi, __NV_ATOMIC_ACQUIRE);
  o[4] = __nv_atomic_load_n(&gus, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  o[5] = __nv_atomic_load_n(&gc, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
}
// CHECK: .entry _Z5loadsPi(
// CHECK: ld.relaxed.cta.b32 %r
// CHECK: ld.acquire.cta.b32
// CHECK: fence.sc.gpu;
// CHECK-NEXT: // end inline asm
// CHECK: ld.acquire.gpu.b32
// CHECK: ld.acquire.sys.b32
// CHECK: ld.acquire.gpu.b16 %rs
// CHECK: ld.acquire.gpu.b8 %r

__global__ void stores(int v) {
  __nv_atomic_store_n(&gi, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  __nv_atomic_store_n(&gi, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(&gi, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);
  __nv_atomic_store_n(&gl, (long long)v, __NV_ATOMIC_RELEASE);
}
// CHECK: .entry _Z6storesi(
// CHECK: st.relaxed.cta.b32 [%rd
// CHECK: st.release.gpu.b32
// CHECK: fence.sc.sys;
// CHECK: st.relaxed.sys.b32
// CHECK: st.release.sys.b64

__global__ void rmw(int *o, int v) {
  o[0] = __nv_atomic_fetch_add(&gi, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  o[1] = __nv_atomic_fetch_sub(&gi, v, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK);
  o[2] = __nv_atomic_fetch_and(&gi, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);
  o[3] = __nv_atomic_fetch_or(&gu, v, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
  o[4] = __nv_atomic_fetch_xor(&gi, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  o[5] = __nv_atomic_fetch_min(&gi, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  o[6] = __nv_atomic_fetch_max(&gu, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  o[7] = __nv_atomic_fetch_add(&gf, (float)v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  o[8] = __nv_atomic_fetch_add(&gul, (unsigned long long)v, __NV_ATOMIC_CONSUME, __NV_THREAD_SCOPE_DEVICE);
  o[9] = __nv_atomic_fetch_max(&gl, (long long)v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);
  o[10] = __nv_atomic_exchange_n(&gi, v, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
  o[11] = __nv_atomic_fetch_sub(&gf, (float)v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
}
// CHECK: .entry _Z3rmwPii(
// CHECK: atom.add.relaxed.gpu.s32 %r
// CHECK: neg.s32
// CHECK: atom.add.acquire.cta.s32
// CHECK: atom.and.release.sys.b32
// CHECK: atom.or.acq_rel.gpu.b32
// CHECK: fence.sc.gpu;
// CHECK: atom.xor.acquire.gpu.b32
// CHECK: atom.min.relaxed.gpu.s32
// CHECK: atom.max.relaxed.gpu.u32
// CHECK: atom.add.relaxed.gpu.f32 %r
// CHECK: atom.add.acquire.gpu.u64
// CHECK: atom.max.relaxed.cta.s64
// CHECK: atom.exch.acq_rel.gpu.b32
// CHECK: sub.rn.f32
// CHECK: atom.add.relaxed.gpu.f32

__global__ void cas(int *o, int v) {
  int e = o[0];
  o[1] = __nv_atomic_compare_exchange_n(&gi, &e, v, false, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  o[2] = e;
  o[3] = __nv_atomic_compare_exchange_n(&gi, &e, v, true, __NV_ATOMIC_RELEASE, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  o[4] = __nv_atomic_compare_exchange_n(&gi, &e, v, false, __NV_ATOMIC_RELAXED, __NV_ATOMIC_CONSUME, __NV_THREAD_SCOPE_BLOCK);
  o[5] = __nv_atomic_compare_exchange_n(&gi, &e, v, false, __NV_ATOMIC_SEQ_CST, __NV_ATOMIC_SEQ_CST);
  unsigned short es = o[6];
  o[7] = __nv_atomic_compare_exchange_n(&gus, &es, (unsigned short)v, false, __NV_ATOMIC_RELEASE, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_thread_fence(__NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_BLOCK);
}
// CHECK: .entry _Z3casPii(
// CHECK: atom.cas.acq_rel.gpu.b32 %r
// CHECK: setp.eq
// CHECK: atom.cas.acq_rel.gpu.b32
// CHECK: atom.cas.acquire.cta.b32
// CHECK: fence.sc.sys;
// CHECK: atom.cas.acquire.sys.b32
// CHECK: atom.cas.release.gpu.b16 %rs
// CHECK: fence.acq_rel.gpu;
// CHECK: fence.sc.cta;
