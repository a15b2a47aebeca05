// ARGS: -arch=sm_60
// Below sm_70 the headers do not declare __nanosleep and __match_*_sync (CUDA's crt/sm_70_rt.h
// declares them under __CUDA_ARCH__ >= 700; nvcc 13 no longer targets sm_60, so the wording is
// that of the sm_80 builtins at sm_75).
__global__ void k(unsigned *p) {
  __nanosleep(100);
  int pred;
  p[0] = __match_any_sync(0xffffffffu, p[1]) + __match_all_sync(0xffffffffu, p[2], &pred);
}
