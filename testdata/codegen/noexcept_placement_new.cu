// `noexcept(e)` follows the declarations (device code never throws, but a call to a function
// not declared noexcept is potentially throwing), noexcept-specifiers with conditions
// (evaluated per template instance), and placement new constructing in place (what CUB's
// BlockLoad does: `new (&dst[i]) T(src[i])`; CUDA declares the placement form without <new>).
// ARGS: -arch=sm_80 -O3
template <class T> __device__ T&& decl() noexcept;
template <bool B> struct bc { static constexpr bool value = B; };
struct A {
  __device__ A();
  __device__ A(const A&) noexcept(false);
  __device__ ~A();
};
struct N {
  int v;
  __device__ N(int x) noexcept : v(x) {}
};
__device__ int f(int) noexcept;
__device__ int g(int);
__device__ int t(int) noexcept(sizeof(int) == 4);
template <class T> __device__ void sw(T&, T&) noexcept(sizeof(T) <= 4);
constexpr __device__ int h(int x) { return x; }
__device__ int f(int x) noexcept { return x + 1; }
struct P {
  int a;
  float b;
  __device__ P(int x) : a(x), b(x * 0.5f) {}
};
struct Agg {
  int x, y;
};
extern "C" __global__ void noexcept_k(int* o) {
  int x = 0;
  char c = 0;
  double d = 0;
  int (*fp)(int) = f;
  o[threadIdx.x] = noexcept(f(1)) + 2 * noexcept(g(1)) + 4 * noexcept(h(x)) + 8 * noexcept(x + 1) +
                   16 * noexcept(A(decl<A&>())) + 32 * bc<noexcept(g(2))>::value + 64 * noexcept(N(3)) +
                   128 * noexcept(t(1)) + 256 * noexcept(sw(c, c)) + 512 * noexcept(sw(d, d)) +
                   1024 * noexcept(fp(1)) + 2048 * noexcept(decl<A&>().~A());
}
// CHECK: .entry noexcept_k(
// CHECK: 2505;
extern "C" __global__ void placement_new_k(int* o, float* f) {
  alignas(P) unsigned char buf[sizeof(P)];
  P* p = new (buf) P(threadIdx.x + 3);
  int v = 0;
  int* q = new (&v) int(7);
  Agg g;
  Agg* ga = new (&g) Agg{(int)threadIdx.x, 2};
  float w;
  float* fw = ::new (static_cast<void*>(&w)) float;
  *fw = 1.5f;
  o[threadIdx.x] = p->a + *q + ga->x * ga->y;
  f[threadIdx.x] = p->b + w;
}
// CHECK: .entry placement_new_k(
// CHECK-NOT: call
