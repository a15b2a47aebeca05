// A name written after a leading `::` names the global namespace's entity, never a namesake in
// the namespaces or classes enclosing the use: functions (`::g(x)` inside `ns`, where `ns::g`
// would be chosen by unqualified lookup), variables, types (`::S`), `::ns::x`, function and
// class templates (`::tmpl<int>`), in bodies, namespace-scope initializers and class bodies.
// (Not yet: `::Box<int>::k` in a namespace-scope or static member initializer inside `ns`.)
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
__device__ int g(int x) { return x + 1; }
constexpr int val = 5;
struct S { int v = 7; };
template <class T> __device__ T tw(T x) { return x * 2; }
template <class T> struct Box { static constexpr int k = 11; };
namespace inner { constexpr int c = 20; __device__ int f() { return 21; } }
namespace lib { __device__ int u() { return 3; } }
using namespace lib;
namespace ns {
__device__ int u() { return 4; }
__device__ int w() { return ::u() * 10 + u(); }
// (`cuda::std::memcpy` calls `::memcpy` so: not itself.)
__device__ void *memcpy(void *d, const void *s, unsigned long n) { return ::memcpy(d, s, n); }
__device__ int g(long) { return 100; }
constexpr int val = 50;
struct S { int v = 9; };
template <class T> __device__ T tw(T x) { return x * 3; }
template <class T> struct Box { static constexpr int k = 13; };
namespace inner { constexpr int c = 30; __device__ int f() { return 31; } }
constexpr int at_ns = ::inner::c + inner::c * 2 + Box<int>::k;  // 20 + 60 + 13
struct T {
  ::S s;
  S t;
  static constexpr int k = Box<char>::k;
  __device__ int m() const { return s.v * 10 + t.v; }
};
__device__ int h(int x) { return ::g(x) * 3; }
__device__ int v() { return ::val + val; }
__device__ int k() { ::S s; S t; return s.v * 10 + t.v; }
__device__ int t() { return ::tw<int>(5) + tw(5); }
__device__ int b() { return ::Box<int>::k * 100 + Box<int>::k; }
__device__ int i() { return ::inner::f() + inner::f(); }
}  // namespace ns

__global__ void kern(int *o) {
  int g = 1000;
  o[0] = ns::h(3);
  o[1] = ns::v();
  o[2] = ns::k();
  o[3] = ns::t();
  o[4] = ns::i();
  o[5] = ns::at_ns;
  o[6] = ns::T{}.m() + ns::T::k * 100;
  o[7] = ::g(g);
  o[8] = ns::w();
  int x = 0;
  ns::memcpy(&x, &g, sizeof x);
  o[9] = x;
  o[10] = ns::b();
}
// CHECK: .entry _Z4kernPi(
// CHECK: st.global.b32 [%rd2], 12;
// CHECK: st.global.b32 [%rd2+4], 55;
// CHECK: st.global.b32 [%rd2+8], 79;
// CHECK: st.global.b32 [%rd2+12], 25;
// CHECK: st.global.b32 [%rd2+16], 52;
// CHECK: st.global.b32 [%rd2+20], 93;
// CHECK: st.global.b32 [%rd2+24], 1379;
// CHECK: st.global.b32 [%rd2+28], 1001;
// CHECK: st.global.b32 [%rd2+32], 34;
// CHECK: st.global.b32 [%rd2+36], 1000;
// CHECK: st.global.b32 [%rd2+40], 1113;
