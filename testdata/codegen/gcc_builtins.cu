// GCC's builtins that libcu++ calls when __GNUC__ says GCC (the builtin header defines them
// over the C math functions), and __builtin_is_constant_evaluated: true in a constant
// evaluation, false when the code runs.
__host__ __device__ constexpr int where() { return __builtin_is_constant_evaluated() ? 1 : 2; }
constexpr int at_compile_time = where();
static_assert(where() == 1, "a static_assert is a constant evaluation");

#ifndef __GNUC__
// NVRTC (the difftest's reference) is not GCC and has none of GCC's builtins: the same values
// through the C functions.
#define __builtin_sqrtf sqrtf
#define __builtin_fabsf fabsf
#define __builtin_pow pow
#define __builtin_fminf fminf
#define __builtin_isinf isinf
#define __builtin_isnan isnan
#define __builtin_isfinite isfinite
#endif

__global__ void k(const float *x, float *f, int *p) {
  f[0] = __builtin_sqrtf(x[0]);
  f[1] = __builtin_fabsf(x[1]);
  f[2] = (float)__builtin_pow((double)x[0], 2.0);
  f[3] = __builtin_fminf(x[0], x[1]);
  p[0] = at_compile_time;
  p[1] = where();
  p[2] = __builtin_isinf(x[2]) + 2 * __builtin_isnan(x[3]) + 4 * __builtin_isfinite(x[0]);
}

// CHECK: .entry _Z1kPKfPfPi(
// CHECK: sqrt.rn.f32
// CHECK: abs.f32
// CHECK: min.f32
// CHECK: st.global.b32 [%rd3], 1;
// CHECK: st.global.b32 [%rd3+4], 2;
