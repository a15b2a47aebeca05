// --emit=llvm prints NVVM IR: nvptx64 triple, ptx_kernel calling convention, sreg intrinsics.
// ARGS: -arch=sm_90 -O3 --emit=llvm
extern "C" __global__ void k(int *p) { p[threadIdx.x] = blockIdx.x; }
// CHECK: target triple = "nvptx64-nvidia-cuda"
// CHECK: define ptx_kernel void @k(
// CHECK: llvm.nvvm.read.ptx.sreg
