// Built-in operators are candidates beside the operator functions ([over.match.oper]/3): `x == y`
// on a class with `operator float()` uses the built-in `float == float` when no `operator==` in
// scope is viable (each would need two user-defined conversions: B -> float -> N), as CuPy's
// bfloat16 does beside cuda_bf16.h's `operator==(const __nv_bfloat16 &, ...)`.
struct N {
  float f;
  __device__ N(float x) : f(x) {}
};
__device__ bool operator==(const N &a, const N &b) { return a.f == b.f; }
struct M {
  float f;
};
__device__ bool operator==(const M &a, const M &b) { return a.f == b.f; }
__device__ bool operator<(const M &a, const M &b) { return a.f < b.f; }
class B {
  float d;

public:
  __device__ explicit B(float v) : d(v) {}
  __device__ operator float() const { return d; }
};
__global__ void builtin_fallback(int *out) {
  int t = threadIdx.x;
  B x(t % 3), y(t % 5);
  int *o = out + 3 * t;
  o[0] = (x == y);
  o[1] = (x == 0) ? 10 : 20;
  o[2] = (x < y) + (N(t) == N(1.0f));
}
// CHECK: .visible .entry _Z16builtin_fallbackPi(
// CHECK: setp.eq
