// Difftest: warp shuffles in every mode (with widths), votes, __activemask, __syncwarp,
// dynamic shared memory, a CAS loop (float atomic max), atomicInc/atomicDec wrap-around
// and block/system-scoped atomics with fences.
extern "C" __global__ void warp_ops(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int sum = v;
  for (int off = 16; off > 0; off >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, off);
  int up = __shfl_up_sync(0xffffffffu, v, 3, 16);
  int down = __shfl_down_sync(0xffffffffu, v, 5, 8);
  int idx = __shfl_sync(0xffffffffu, v, (threadIdx.x * 7) & 31, 32);
  unsigned odd = __ballot_sync(0xffffffffu, v & 1);
  unsigned act = __activemask();
  __syncwarp();
  if (i >= n) return;
  out[6 * i + 0] = sum;
  out[6 * i + 1] = up;
  out[6 * i + 2] = down;
  out[6 * i + 3] = idx;
  out[6 * i + 4] = (int)odd;
  out[6 * i + 5] = (int)act;
}

__device__ float atomic_max_float(float *addr, float v) {
  int *p = (int *)addr;
  int old = *p, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v) break;
    old = atomicCAS(p, assumed, __float_as_int(v));
  } while (old != assumed);
  return __int_as_float(old);
}

extern "C" __global__ void shared_atomics(const float *x, float *gmax, unsigned *counters, int *blocksum, int n) {
  extern __shared__ int dyn[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  dyn[t] = i < n ? (int)(x[i] * 100.0f) : 0;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) dyn[t] += dyn[t + s];
    __syncthreads();
  }
  if (t == 0) atomicAdd_block(&blocksum[blockIdx.x], dyn[0]);
  if (i < n) atomic_max_float(gmax, x[i]);
  atomicInc(&counters[0], 9u);
  atomicDec(&counters[1], 6u);
  atomicAdd_system(&counters[2], 3u);
  __threadfence_system();
  atomicOr(&counters[3], 1u << (t & 31));
}
