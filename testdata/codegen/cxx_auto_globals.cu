// `auto` variables at namespace scope and static `auto` data members: the type is the
// initializer's, decayed, with the written qualifiers (`constexpr` adds `const`).
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
#include <type_traits>
constexpr auto kScale = 3 * 4;
inline constexpr auto kHalf = 0.5f;
__device__ auto gCounter = 7u;
__device__ int gTable[4] = {1, 2, 3, 4};
__device__ const auto *gTablePtr = gTable + 1;
struct S { static constexpr auto n = 5ul; };
static_assert(std::is_same_v<decltype(kScale), const int>, "constexpr auto is const int");
static_assert(std::is_same_v<decltype(kHalf), const float>, "a float literal");
static_assert(std::is_same_v<decltype(gCounter), unsigned int>, "no const");
static_assert(std::is_same_v<decltype(gTablePtr), const int *>, "const auto * from int *");
static_assert(std::is_same_v<decltype(S::n), const unsigned long>, "a static member");
__global__ void k(float *p, unsigned long *q) {
  p[0] = kScale * kHalf;
  q[0] = gCounter + S::n + *gTablePtr;
}
// CHECK: .global .align 4 .u32 gCounter = 7;
// CHECK: .global .align 8 .u64 gTablePtr = generic(gTable)+4;
// CHECK: .entry _Z1kPfPm(
// CHECK: st.global.b32 [%rd2], 1086324736;
// CHECK: ld.global.b32 %rd5, [gCounter];
// CHECK: add.s64 %rd9, %rd8, 5;
