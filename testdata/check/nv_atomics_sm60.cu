// ARGS: -arch=sm_60
// Below sm_70 PTX has no ordered or scoped ld/st/atom: the __nv_atomic_* builtins are refused
// (nvcc 13 no longer targets these SMs), and the 16-bit atomicCAS is not declared (CUDA's
// crt/sm_70_rt.h declares it under __CUDA_ARCH__ >= 700).
__global__ void k(int *p, unsigned short *s) {
  p[0] = __nv_atomic_load_n(p + 1, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  s[0] = atomicCAS(s, (unsigned short)0, (unsigned short)1);
}
