// Lambdas in device code: captures by value (copied when the lambda is created) and by
// reference, [=] and [&] defaults, explicit and deduced return types, a lambda calling a captured
// lambda, a lambda passed to a function template, and constexpr/enum class/auto around them.
enum class Op : int { Scale = 1, Shift = 2 };
__host__ __device__ constexpr int pow2(int n) { return n == 0 ? 1 : 2 * pow2(n - 1); }
static_assert(pow2(5) == 32, "pow2");

template <typename T, typename F> __device__ T apply_n(T v, int n, F f) {
  for (int i = 0; i < n; ++i) v = f(v);
  return v;
}

__global__ void lam(const float *in, float *out, int *cnt) {
  int i = threadIdx.x;
  float k = in[i];
  auto by_val = [k](float x) { return x * k; };
  k = 100.0f;                       // does not change by_val's copy
  int hits = 0;
  auto count = [&hits](int c) -> void { hits += c; };
  count(2);
  count(3);
  auto all_val = [=](float x) { return x + k + (float)hits; };
  auto all_ref = [&](float x) { hits += 1; return x * k; };
  auto nested = [by_val](float x) { return by_val(x) + 1.0f; };
  constexpr int s = pow2(2);
  auto r = apply_n(1.0f, 3, [](float x) { return x * 2.0f; });
  Op op = Op::Shift;
  out[4 * i] = by_val(2.0f);
  out[4 * i + 1] = all_val(1.0f);
  out[4 * i + 2] = all_ref(0.5f) + nested(1.0f);
  out[4 * i + 3] = r + (op == Op::Shift ? (float)s : 0.0f);
  cnt[i] = hits;
}
// The lambdas are inlined into the kernel (no closure functions remain).
// CHECK-NOT: __warpc_lambda
// CHECK: .visible .entry _Z3lamPKfPfPi(
// CHECK-NOT: __warpc_lambda
// CHECK: ret;
