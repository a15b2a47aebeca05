// Alignment attributes on variables and members: `.align` of globals, `__shared__` arrays,
// static locals and the local depot, and member offsets, as nvcc emits them.
// ARGS: -arch=sm_80 -O3
struct Pair { char c; __align__(8) int i; alignas(16) char d; };
struct __align__(16) Vec3 { float x, y, z; };

__device__ __align__(16) char gbuf[10];
__device__ alignas(32) int gx;
__device__ int gy __attribute__((aligned(128)));
__device__ __align__(2) double gd;
// CHECK: .global .align 16 .b8 gbuf[10];
// CHECK: .global .align 32 .u32 gx;
// CHECK: .global .align 128 .u32 gy;
// CHECK: .global .align 8 .f64 gd;

extern "C" __global__ void shared_arrays(float *out, Vec3 *v) {
  __shared__ __align__(16) unsigned char bytes[100];
  __shared__ alignas(64) float floats[3];
  __shared__ Vec3 vecs[4];
  bytes[threadIdx.x] = threadIdx.x;
  floats[threadIdx.x % 3] = 1.0f;
  vecs[threadIdx.x % 4] = v[threadIdx.x % 4];
  __syncthreads();
  out[threadIdx.x] = bytes[threadIdx.x ^ 1] + floats[1] + vecs[threadIdx.x % 4].z + gbuf[1] + gx + gy + gd;
}
// CHECK: .shared .align 16 .b8 _ZZ13shared_arraysE5bytes[100];
// CHECK: .shared .align 64 .b8 _ZZ13shared_arraysE6floats[12];
// CHECK: .shared .align 16 .b8 _ZZ13shared_arraysE4vecs[64];
// CHECK: .entry shared_arrays(

// Member offsets follow the members' alignment: i at 8, d at 16 (sizeof(Pair) == 32).
extern "C" __global__ void members(Pair *p, int *sizes) {
  p[1].i = 2;
  p[1].d = 3;
  sizes[0] = sizeof(Pair);
  sizes[1] = alignof(Pair);
}
// CHECK: .entry members(
// CHECK: +40], 2;
// CHECK: +48], 3;
// CHECK: ], 32;
// CHECK: +4], 16;

// An aligned local array that stays in memory: the local depot takes its alignment.
extern "C" __global__ void local_depot(const int *in, int *out) {
  __align__(32) char buf[32];
  for (int i = 0; i < 32; ++i)
    buf[i] = in[i];
  out[0] = buf[in[32] & 31];
}
// CHECK: .entry local_depot(
// CHECK: .local .align 32 .b8 __local_depot
