// `cuda::atomic_ref` and `cuda::std::atomic_ref` from the real libcu++ headers: their
// `fetch_add`/`load`/`store` dispatch through `__memory_order_underlying_t`
// (`underlying_type<__legacy_memory_order>::type`, an `is_enum_v` test) to the generated
// `atom`/`ld`/`st` wrappers. Every thread adds 1 to p[0]; p[1] gets the total read back.
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
#include <cuda/atomic>

__global__ void count(int *p) {
  cuda::atomic_ref<int, cuda::thread_scope_device> r(p[0]);
  r.fetch_add(1);
  cuda::std::atomic_ref<int> s(p[2]);
  s.fetch_sub(2, cuda::std::memory_order_relaxed);
  __syncthreads();
  if (threadIdx.x == 0) {
    cuda::atomic_ref<int, cuda::thread_scope_block> t(p[1]);
    t.store(r.load() + s.load());
  }
}
// CHECK: .entry _Z5countPi(
// CHECK: fence.sc.gpu;
// CHECK: atom.add.acquire.gpu.s32
// CHECK: atom.add.relaxed.sys.s32
// CHECK: ld.acquire.gpu.b32
// CHECK: ld.acquire.sys.b32
// CHECK: fence.sc.cta;
// CHECK: st.relaxed.cta.b32
