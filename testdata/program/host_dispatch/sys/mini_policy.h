// A system header's global constant, declared as CCCL's _CCCL_GLOBAL_CONSTANT does: a
// `__device__ constexpr` object in device compilation, `inline constexpr` in host compilation.
#pragma once
#ifdef __CUDA_ARCH__
#define MINI_GLOBAL_CONSTANT __device__ constexpr
#else
#define MINI_GLOBAL_CONSTANT inline constexpr
#endif
namespace mini {
namespace detail {
template <class Derived> struct policy_base {
  constexpr policy_base() {}
};
struct par_t : policy_base<par_t> {
  int tag = 3;
  constexpr par_t() {}
};
} // namespace detail
MINI_GLOBAL_CONSTANT detail::par_t device;
} // namespace mini
