// ARGS: -arch=sm_80 -std=c++17
// Pointer and reference non-type template parameters given functions and variables: `f` and
// `&f`, overloads picked by the parameter's type, `&v` and `v` for a reference, calls and reads
// through the parameter, explicit arguments of function templates, partial and explicit
// specializations and deduction over them, a null pointer argument; mangled as nvcc does.
__device__ int twice(int x) { return 2 * x; }
__device__ int thrice(int x) { return 3 * x; }
__device__ int ov(int x) { return x + 100; }
__device__ int ov(float x) { return 7; }
__device__ int gv = 7;
__device__ int garr[3] = {4, 5, 6};
namespace ns { __device__ int neg(int x) { return -x; } }
template <int (*F)(int)> struct Op { __device__ static int run(int x) { return F(x) + 1; } };
template <> struct Op<thrice> { __device__ static int run(int x) { return 1000; } };
template <class T> struct Is { static constexpr int value = 0; };
template <int (*F)(int)> struct Is<Op<F>> { static constexpr int value = 1; };
template <int (*F)(int)> __device__ int call(int x) { return F(x); }
template <int (*F)(int)> __device__ int via(Op<F>, int x) { return F(x) * 10; }
template <int *P> __device__ int readp() { return *P; }
template <int &R> __device__ int readr() { return R += 1; }
template <const int *P> __device__ int readc(int i) { return P[i]; }
template <int (&F)(int)> __device__ int callr(int x) { return F(x); }
template <int *P = nullptr> __device__ int isnull() { return P == nullptr; }
template <class A, class B> struct same { static constexpr bool value = false; };
template <class A> struct same<A, A> { static constexpr bool value = true; };
template <int (*F)(int)> __global__ void kt(int *o) { o[0] = F(5); }
template __global__ void kt<twice>(int *);
template __global__ void kt<&ns::neg>(int *);
// CHECK: .entry _Z2ktIXadL_Z5twiceiEEEvPi(
// CHECK: .entry _Z2ktIXadL_ZN2ns3negEiEEEvPi(
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 9;
// CHECK: st.global.b32 [%rd2+4], 1000;
__global__ void k(int *o) {
  o[0] = Op<twice>::run(4);
  o[1] = Op<&thrice>::run(4);
  o[2] = call<twice>(10) + call<&ns::neg>(3);
  o[3] = readp<&gv>();
  o[10] = readr<gv>();
  o[4] = same<Op<twice>, Op<&twice>>::value * 10 + same<Op<twice>, Op<thrice>>::value;
  o[5] = Op<ov>::run(1) + call<ov>(2);
  o[6] = Is<Op<twice>>::value * 10 + Is<int>::value;
  o[7] = via(Op<twice>{}, 3);
  o[8] = readc<garr>(2) + callr<thrice>(2);
  o[9] = isnull() * 10 + isnull<&gv>();
}
