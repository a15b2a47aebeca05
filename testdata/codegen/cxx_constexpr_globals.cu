// Namespace-scope variables initialized by calls of constexpr functions and function template
// instances (loops in constexpr functions, C++14), evaluated by the constexpr interpreter: read
// by static_asserts, by later initializers, and (folded) by device code.
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
constexpr int sq(int x) { int r = 0; for (int i = 0; i < x; ++i) r += x; return r; }
template <int N> constexpr int tri() { int s = 0; for (int i = 1; i <= N; ++i) s += i; return s; }
template <typename T> constexpr T half(T x) { return x / 2; }
constexpr int k1 = sq(3);
constexpr auto k2 = tri<4>();
constexpr int k3 = k1 * k2 + 1;
inline constexpr auto kHalf = half(3.0f);
__device__ int gDev = sq(5) + tri<3>();
struct Limits { static constexpr int cap = sq(6); };
static_assert(k1 == 9 && k2 == 10 && k3 == 91, "constexpr calls");
static_assert(kHalf == 1.5f && Limits::cap == 36, "a template deduced from its argument, a static member");
__global__ void k(int *p, float *f) {
  p[0] = k1 + k2 + k3;
  p[1] = gDev + Limits::cap;
  f[0] = kHalf;
}
// CHECK: .global .align 4 .u32 gDev = 31;
// CHECK: .entry _Z1kPiPf(
// CHECK: st.global.b32 [%rd2], 110;
// CHECK: add.s32 %r2, %r1, 36;
// CHECK: st.global.b32 [%rd4], 1069547520;
