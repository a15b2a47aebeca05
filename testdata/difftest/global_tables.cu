// Difftest: function pointers and a pointer in __device__ variable initializers (address
// constants: `.global .u64 t[2] = {f, g};` and `= generic(x)+4;` in the PTX).
typedef int (*binop)(int, int);
__device__ __noinline__ int op_add(int a, int b) { return a + b; }
__device__ __noinline__ int op_mul(int a, int b) { return a * b; }
__device__ binop gtable[2] = {op_mul, op_add};
__device__ int gdata[3] = {10, 20, 30};
__device__ int *gptr = &gdata[1];

extern "C" __global__ void table_calls(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = gtable[i & 1](in[i], 3) + *gptr + gptr[1];
}
