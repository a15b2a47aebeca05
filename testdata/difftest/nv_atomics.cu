// Difftest: CUDA 12.8's __nv_atomic_* builtins with every order and scope (inline PTX
// ld/st/atom with .relaxed/.acquire/.release/.acq_rel and .cta/.gpu/.sys, fence.sc and
// fence.acq_rel), compare-exchange loops, the 16-bit atomicCAS (atom.cas.b16) and a
// __managed__ counter (.attribute(.managed)) compared as a symbol.
// ARGS: -arch=sm_80 -O3
__managed__ unsigned int m_ticket = 0;

extern "C" __global__ void nv_atomics(const int *in, int *out, unsigned long long *acc,
                                      unsigned short *hist, int *slots, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  __nv_atomic_fetch_add(&out[0], v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_sub(&out[1], v, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_BLOCK);
  __nv_atomic_fetch_max(&out[2], v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_min(&out[3], v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);
  __nv_atomic_fetch_or(&out[4], 1 << (i & 31), __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_xor(&out[5], v, __NV_ATOMIC_CONSUME, __NV_THREAD_SCOPE_THREAD);
  __nv_atomic_fetch_and(&out[6], ~(1 << (i % 29)), __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_max((unsigned *)&out[7], (unsigned)v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(&acc[0], (unsigned long long)(v & 0xff) << 20, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_min((long long *)&acc[1], (long long)v * 1000000007LL, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
  // A 16-bit histogram through atomicCAS(unsigned short *) loops.
  unsigned short *h = &hist[(unsigned)v % 8];
  unsigned short seen = __nv_atomic_load_n(h, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE), e;
  do {
    e = seen;
    seen = atomicCAS(h, e, (unsigned short)(e + 1));
  } while (seen != e);
  // An add by compare-exchange (a failure refreshes `expected`).
  int expected = __nv_atomic_load_n(&out[8], __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  while (!__nv_atomic_compare_exchange_n(&out[8], &expected, expected + 2, false, __NV_ATOMIC_ACQ_REL,
                                         __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE)) {
  }
  // Per-thread slots: exchange, then release-store and acquire-load.
  int old = __nv_atomic_exchange_n(&slots[2 * i], v * 3, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(&slots[2 * i + 1], old + __nv_atomic_load_n(&slots[2 * i], __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_BLOCK),
                      __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(&m_ticket, 1u, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
}
