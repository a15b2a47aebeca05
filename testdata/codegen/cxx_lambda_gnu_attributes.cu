// Execution spaces on lambdas spelled as the toolkit's host_defines.h expands `__host__` and
// `__device__` (`__attribute__((host))`, `__attribute__((device))`), as in
// `[] __host__ __device__ (int i) {...}` over the real cuda_runtime.h: GNU attributes between
// the captures and the parameters parse (nvcc accepts them there).
__global__ void lam_attrs(float *p) {
  auto f = [] __attribute__((host)) __attribute__((device)) (int i) { return i * 2.0f; };
  auto g = [=] __attribute__((device)) (float x) -> float { return x + p[0]; };
  p[threadIdx.x] = f(threadIdx.x) + g(1.0f);
}

// CHECK: .visible .entry _Z9lam_attrsPf(
// CHECK: cvt.rn.f32.u32
// CHECK: ret;
