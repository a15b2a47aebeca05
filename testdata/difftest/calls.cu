// Difftest: device function pointers called indirectly, non-inlined recursion with a local
// array (call/ret with .param marshalling and a local-memory stack), and a struct returned by value.
typedef int (*binop)(int, int);
__device__ __noinline__ int op_add(int a, int b) { return a + b; }
__device__ __noinline__ int op_sub(int a, int b) { return a - b; }
__device__ __noinline__ int op_mul(int a, int b) { return a * b; }
__device__ __noinline__ int op_max(int a, int b) { return a > b ? a : b; }

struct Pair { int lo; long long hi; };

__device__ __noinline__ Pair split(long long v) { Pair p; p.lo = (int)(v & 0xffff); p.hi = v >> 16; return p; }

__device__ __noinline__ int fib_sum(int n, int depth) {
  int local[4];
  for (int k = 0; k < 4; ++k) local[k] = n * k + depth;
  if (n < 2) return n + local[depth & 3] - local[depth & 3];
  return fib_sum(n - 1, depth + 1) + fib_sum(n - 2, depth + 1) + (local[3] - local[2] - n);
}

extern "C" __global__ void calls(const int *in, int *out, long long *out64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  binop ops[4] = {op_add, op_sub, op_mul, op_max};
  int a = in[2 * i], b = in[2 * i + 1];
  binop f = ops[(a ^ b) & 3];
  out[3 * i + 0] = f(a, b);
  out[3 * i + 1] = ops[i & 3](b, a);
  out[3 * i + 2] = fib_sum(i % 12, 0);
  Pair p = split((long long)a * b);
  out64[i] = p.hi * 65536 + p.lo;
}

