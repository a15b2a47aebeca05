// Names that spell an inline namespace (libcu++ 3.1's _CUDA_VSTD is `::cuda::std::__4::`):
// qualified lookup in the inline namespace finds the members declared in it, also inside
// function templates. With an alias declaration carrying an attribute
// (`using _BoolConstant [[deprecated]] = ...`) and an explicitly specified template argument
// with cv-qualifiers (`__cccl_memchr<const unsigned char>(p, c, n)`: the parameter `T c`
// takes no part in deduction, the argument converts).
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
namespace lib {
inline namespace v4 {
template <class T, T v> struct constant { static constexpr T value = v; };
template <bool B>
using bool_constant [[deprecated]] = constant<bool, B>;
using index [[maybe_unused]] = int;
__host__ __device__ constexpr bool in_constant() noexcept { return false; }
template <class T> __host__ __device__ constexpr T *find(T *p, T c, unsigned long n) noexcept {
  for (unsigned long i = 0; i < n; ++i)
    if (p[i] == c) return p + i;
  return nullptr;
}
template <class T> __host__ __device__ constexpr T *first_of(T *p, T c, unsigned long n) noexcept {
  if (!::lib::v4::in_constant()) {
    return ::lib::v4::find<T>(p, c, n);
  }
  return p;
}
} // namespace v4
} // namespace lib

__global__ void k(int *o, const unsigned char *s) {
  int i = threadIdx.x;
  const unsigned char *hit = lib::v4::first_of<const unsigned char>(s, static_cast<unsigned char>(i + 1), 8ul);
  lib::index base = lib::constant<int, 100>::value;
  o[i] = (hit ? int(hit - s) : -1) + base * lib::v4::constant<int, 1>::value;
}
// CHECK: .entry _Z1kPiPKh(
