// ARGS: -arch=sm_80
// The generic __nv_atomic_* forms (objects of any type, through pointers) are not implemented:
// a use is an `unsupported` error naming the _n form to use instead.
struct pair { int a, b; };
__device__ pair gp;
__global__ void k(int *o) {
  pair p;
  __nv_atomic_load(&gp, &p, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  o[0] = p.a;
}
