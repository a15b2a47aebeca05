// ARGS: -arch=sm_80 -std=c++17
// Function template specializations as pointer template arguments (`Op<&tf<int>>`): each
// specialization is its own class (shown and mangled with the function's template arguments),
// calls through the parameter reach that specialization, also through a pack of them
// (`F(x)...`); mangled as nvcc does.
template <class T> __device__ int tf(int x) { return x * (int)sizeof(T); }
template <class T, int N> __device__ int tn(int x) { return x + N; }
template <int (*F)(int)> struct Op {
  static constexpr int tag = sizeof(F);
  __device__ static int run(int x) { return F(x); }
};
template <int (*... F)(int)> __device__ int sum(int x) { return (F(x) + ... + 0); }
template <int (*F)(int)> __global__ void kt(int* o) { o[0] = F(5); }
template __global__ void kt<&tf<double>>(int*);
__global__ void k(int* o) {
  o[0] = Op<&tf<int>>::run(3);
  o[1] = Op<&tf<long>>::run(3);
  o[2] = Op<&tf<char>>::run(3);
  o[3] = Op<&tn<int, 9>>::run(3);
  o[4] = Op<&tf<short>>::tag;
  o[5] = sum<&tf<int>, &tf<char>, &tn<char, 1>>(2);
}
// CHECK: .entry _Z2ktIXadL_Z2tfIdEiiEEEvPi(
// CHECK: st.global.b32 [%rd2], 40;
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 12;
// CHECK: st.global.b32 [%rd2+4], 24;
// CHECK: st.global.b32 [%rd2+8], 3;
// CHECK: st.global.b32 [%rd2+12], 12;
// CHECK: st.global.b32 [%rd2+16], 8;
// CHECK: st.global.b32 [%rd2+20], 13;
