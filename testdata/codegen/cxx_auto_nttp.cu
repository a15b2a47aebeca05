// `template <auto N>`: a non-type template parameter whose type is its argument's (C++17), in
// class and function templates, mangled with that type (`ILc97E`, `ILm5E`).
// ARGS: -arch=sm_80 -O3 -std=c++17
template <auto N> struct C { static constexpr decltype(N) value = N; };
template <auto N> __device__ int get() { return N * 2; }
template <auto N> __global__ void kern(int *p) { p[0] = sizeof(N); }
template __global__ void kern<'a'>(int *);
template __global__ void kern<5ul>(int *);
__global__ void k(int *p) {
  p[0] = C<5>::value + get<7>() + C<'a'>::value;
  p[1] = sizeof(C<'a'>::value) + 10 * sizeof(C<3ll>::value);
}
// CHECK: .entry _Z4kernILc97EEvPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: .entry _Z4kernILm5EEvPi(
// CHECK: st.global.b32 [%rd2], 8;
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 116;
// CHECK: st.global.b32 [%rd2+4], 81;
