// Perf: batched tridiagonal solver (Thomas algorithm) on float4: each thread solves four
// interleaved systems of 16 unknowns at once, with the modified coefficients in local arrays.
#define N 16

__device__ float4 operator+(float4 a, float4 b) { return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
__device__ float4 operator-(float4 a, float4 b) { return make_float4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w); }
__device__ float4 operator*(float4 a, float4 b) { return make_float4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w); }
__device__ float4 operator/(float4 a, float4 b) { return make_float4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w); }

extern "C" __global__ void tridiag_f4(const float4 *lower, const float4 *diag, const float4 *upper,
                                      const float4 *rhs, float4 *x, int systems) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= systems) return;
  float4 cp[N], dp[N];
  float4 b = diag[s * N];
  cp[0] = upper[s * N] / b;
  dp[0] = rhs[s * N] / b;
#pragma unroll
  for (int k = 1; k < N; ++k) {
    float4 a = lower[s * N + k];
    float4 m = diag[s * N + k] - a * cp[k - 1];
    cp[k] = upper[s * N + k] / m;
    dp[k] = (rhs[s * N + k] - a * dp[k - 1]) / m;
  }
  float4 v = dp[N - 1];
  x[s * N + N - 1] = v;
#pragma unroll
  for (int k = N - 2; k >= 0; --k) {
    v = dp[k] - cp[k] * v;
    x[s * N + k] = v;
  }
}
