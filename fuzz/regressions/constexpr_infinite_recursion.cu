// Fuzzer finding (check target, stack overflow): a constexpr function that recurses without
// end, evaluated by a static_assert. The interpreter's recursion limit (512, nvcc's
// -fconstexpr-depth) is never reached: the process's stack overflows first (at about 400
// levels in a debug build), so even f(500) of a terminating function aborts.
__host__ __device__ constexpr int ilog2(unsigned v) { return v <= 1 ? 0 : 1 + ilog2(v); }
static_assert(ilog2(1024) == 10, "constexpr recursion");
__global__ void k(int *p) { p[0] = 1; }
