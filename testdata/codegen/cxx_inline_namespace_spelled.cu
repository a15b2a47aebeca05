// A qualified name that spells an inline namespace names its members: a base class
// `::cuda::std::__4::integral_constant<...>` (libcu++'s `_CUDA_VSTD::integral_constant` in
// __tuple_dir/vector_types.h), `__4::ic<...>` inside the enclosing namespace, and a
// using-declaration `using ::cuda::std::ranges::__4::get;` (`using _CUDA_VRANGES::get;`).
// Values as nvcc 13 -arch=sm_90 gives them.
// ARGS: -arch=sm_90 -std=c++17
namespace cuda {
namespace std {
inline namespace __4 {
template <class T, T v> struct integral_constant {
  static constexpr T value = v;
};
template <class T> struct tuple_size;
} // namespace __4
namespace ranges {
inline namespace __4 {
template <int I> __device__ int get(int x) { return x + I; }
} // namespace __4
} // namespace ranges
} // namespace std
} // namespace cuda
namespace cuda {
namespace std {
inline namespace __4 {
template <> struct tuple_size<char1> : ::cuda::std::__4::integral_constant<unsigned long, 1> {};
template <> struct tuple_size<char2> : __4::integral_constant<unsigned long, 2> {};
using ::cuda::std::ranges::__4::get;
} // namespace __4
} // namespace std
} // namespace cuda
extern "C" __global__ void inline_spelled(int *o) {
  o[0] = cuda::std::tuple_size<char1>::value + 10 * cuda::std::tuple_size<char2>::value;
  o[1] = cuda::std::get<3>(o[2]);
}
// CHECK: .entry inline_spelled(
// CHECK: ], 21;
// CHECK: , 3;
