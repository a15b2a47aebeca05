// ARGS: -arch=sm_70
// sm_70 has the warp match builtins and __nanosleep, but nanosleep needs PTX ISA 6.3 and warpc
// emits PTX 6.0 for sm_70 (LLVM's choice): an `unsupported` error where LLVM would abort.
// nvcc 13 no longer targets sm_70.
__global__ void matches(unsigned *p) {
  int pred;
  p[0] = __match_any_sync(0xffffffffu, p[1]) + __match_all_sync(0xffffffffu, 2.5, &pred) + pred;
}
__global__ void sleeps(unsigned *p) {
  __nanosleep(100);
  p[0] = 1;
}
