// Classes defined inside function bodies: a `__shared__` anonymous union of per-phase storage in
// a kernel template (CUB's idiom), a nested anonymous struct member, a named local struct used
// for a local, an array and a copy, and a local union in a device function.
template <typename T, int N> struct Tile { T v[N]; };

__device__ float bits_to_float(unsigned u) {
  union { unsigned u; float f; } pun;
  pun.u = u;
  return pun.f;
}

template <typename T, int BLOCK>
__global__ void phases(const T* in, T* out, int* sizes) {
  __shared__ union {
    Tile<T, BLOCK> load;
    struct { T sum; int count; } red;
  } smem;
  struct Acc { T total; int n; };
  Acc acc = {T(0), 0};
  Acc hist[2];
  int t = threadIdx.x;
  smem.load.v[t] = in[t];
  __syncthreads();
  for (int i = 0; i <= t; ++i) { acc.total += smem.load.v[i]; acc.n++; }
  hist[t & 1] = acc;
  hist[(t + 1) & 1] = Acc{T(1), -1};
  __syncthreads();
  if (t == BLOCK - 1) { smem.red.sum = acc.total; smem.red.count = acc.n; }
  __syncthreads();
  out[2 * t] = hist[t & 1].total + smem.red.sum;
  out[2 * t + 1] = T(hist[(t + 1) & 1].n + smem.red.count);
  if (t == 0) {
    sizes[0] = sizeof(smem);
    sizes[1] = sizeof(Acc);
    sizes[2] = alignof(decltype(smem));
    sizes[3] = (int)bits_to_float(0x40400000u);
  }
}

template __global__ void phases<float, 32>(const float*, float*, int*);
template __global__ void phases<int, 32>(const int*, int*, int*);
// The union is one shared object per instance, named as nvcc names it, 128 bytes (Tile<T, 32>).
// CHECK: .shared .align 4 .b8 _ZZ6phasesIfLi32EEvPKT_PS0_PiE4smem[128];
// CHECK: .shared .align 4 .b8 _ZZ6phasesIiLi32EEvPKT_PS0_PiE4smem[128];
// CHECK: .visible .entry _Z6phasesIfLi32EEvPKT_PS0_Pi(
// CHECK: .visible .entry _Z6phasesIiLi32EEvPKT_PS0_Pi(
