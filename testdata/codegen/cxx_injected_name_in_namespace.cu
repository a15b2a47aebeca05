// The injected-class-name of a class template declared in a namespace, used qualified in a class
// nested in it (`BlockRakingLayout::GRID_ELEMENTS` in CUB's `BlockRakingLayout<T, N>::_TempStorage`):
// the member of the enclosing specialization, not an undefined namespace member.
// ARGS: -arch=sm_80 -O3 -std=c++17
namespace ns {
template <class T, int N> struct Layout {
  static constexpr int SEGMENT = (N + 31) / 32;
  static constexpr int GRID = 32 * (SEGMENT + 1);
  struct _TS {
    T buff[Layout::GRID];
    T extra[Layout::SEGMENT];
  };
};
} // namespace ns
__global__ void k(int *out) {
  __shared__ ns::Layout<int, 128>::_TS t;
  t.buff[threadIdx.x] = threadIdx.x;
  t.extra[0] = 5;
  __syncthreads();
  out[0] = t.buff[159] + t.extra[0];
  out[1] = sizeof(t);
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2+4], 656;
