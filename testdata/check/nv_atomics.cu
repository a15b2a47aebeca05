// ARGS: -arch=sm_80
// __nv_atomic_* misuse, with nvcc 13's wording, at the first argument: orders and scopes must be
// integer constants naming no variable (a constexpr variable is refused, an enumerator, a
// template argument or `1+2` is not), in range, and allowed for the operation; operand types as
// nvcc restricts them; cluster scope below sm_90 is a warning (device scope is used).
__device__ int gi;
__device__ short gs;
__device__ float gf;
template <int O> __device__ int templated() { return __nv_atomic_load_n(&gi, O, 3); }
__global__ void k(int *o, int ord, int sc) {
  constexpr int cx = __NV_ATOMIC_ACQUIRE;
  o[0] = __nv_atomic_load_n(&gi, ord, __NV_THREAD_SCOPE_DEVICE);
  o[1] = __nv_atomic_load_n(&gi, __NV_ATOMIC_ACQUIRE, sc);
  o[2] = __nv_atomic_load_n(&gi, 7, __NV_THREAD_SCOPE_DEVICE);
  o[3] = __nv_atomic_load_n(&gi, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  o[4] = __nv_atomic_load_n(&gi, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
  o[5] = __nv_atomic_load_n(&gi, __NV_ATOMIC_ACQUIRE, 9);
  __nv_atomic_store_n(&gi, 1, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(&gi, 1, __NV_ATOMIC_CONSUME, __NV_THREAD_SCOPE_DEVICE);
  o[6] = __nv_atomic_fetch_add(&gs, (short)1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  o[7] = __nv_atomic_fetch_and(&gf, 1.0f, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  o[8] = __nv_atomic_fetch_add(&gi, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_CLUSTER);
  o[9] = __nv_atomic_fetch_min(&gf, 1.0f, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  o[10] = __nv_atomic_fetch_add(&gi, 1, 11, __NV_THREAD_SCOPE_DEVICE);
  o[11] = __nv_atomic_load_n(&gi, cx, 1 + 2);
  o[12] = templated<__NV_ATOMIC_ACQUIRE>();
  o[13] = __nv_atomic_load_n(&gf, __NV_ATOMIC_ACQUIRE, 3);
  int e = 0;
  o[14] = __nv_atomic_compare_exchange_n(&gi, &e, 1, false, __NV_ATOMIC_ACQUIRE, __NV_ATOMIC_RELEASE, 3);
  o[15] = __nv_atomic_fetch_add(&gi, 1, 0, 3.0);
  o[16] = __nv_atomic_load_n(&gi, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_CLUSTER);
  __nv_atomic_thread_fence(__NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
}
__device__ char gc;
__global__ void sizes(int *o) {
  char e = 0;
  o[0] = __nv_atomic_compare_exchange_n(&gc, &e, (char)1, false, 0, 0, 3);
  o[1] = __nv_atomic_exchange_n(&gc, (char)1, 0, 3);
  o[2] = __nv_atomic_exchange_n(&gs, (short)1, 0, 3);
}
