// `::Box<int>::k` names the global namespace's `Box` also where no function body encloses it:
// a namespace-scope variable's initializer, a static data member's initializer and a
// `static_assert` inside a namespace with its own `Box` (nvcc: 11, not the namespace's 13).
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
template <class T> struct Box { static constexpr int k = 11; };
template <class T> struct Outer { template <class U> struct In { static constexpr int j = 21; }; };
namespace ns {
template <class T> struct Box { static constexpr int k = 13; };
template <class T> struct Outer { template <class U> struct In { static constexpr int j = 23; }; };
static_assert(::Box<int>::k == 11, "global Box");
static_assert(Box<int>::k == 13, "ns Box");
constexpr int v = ::Box<int>::k;
constexpr int w = Box<int>::k + 100;
constexpr int x = ::Outer<int>::In<char>::j;
struct S {
  static constexpr int m = ::Box<long>::k;
};
__global__ void kern(int *o) {
  o[0] = v;
  o[1] = S::m;
  o[2] = ::Box<int>::k;
  o[3] = w;
  o[4] = x;
  o[5] = Outer<int>::In<char>::j;
}
}  // namespace ns
// CHECK: .entry _ZN2ns4kernEPi(
// CHECK: st.global.b32 [%rd2], 11;
// CHECK: st.global.b32 [%rd2+4], 11;
// CHECK: st.global.b32 [%rd2+8], 11;
// CHECK: st.global.b32 [%rd2+12], 113;
// CHECK: st.global.b32 [%rd2+16], 21;
// CHECK: st.global.b32 [%rd2+20], 23;
