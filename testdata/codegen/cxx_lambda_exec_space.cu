// Execution-space specifiers on lambdas parse (nvcc accepts them with --extended-lambda): in
// device code they change nothing. Launching a kernel template with an extended lambda from
// host code is not supported (warpc compiles device code only).
__global__ void lam_space(float *p) {
  auto f = [] __host__ __device__ (int i) { return i * 2.0f; };
  auto g = [=] __device__ (float x) -> float { return x + p[0]; };
  p[threadIdx.x] = f(threadIdx.x) + g(1.0f);
}

// CHECK: .visible .entry _Z9lam_spacePf(
// CHECK: cvt.rn.f32.u32
