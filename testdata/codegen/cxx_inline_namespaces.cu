// Inline namespaces (as libcu++'s `cuda::std::__4`): their members are found through the
// enclosing namespace, qualified and unqualified, and keep the inline namespace in their
// symbols; unscoped enumerators are members of their namespace and named through their
// enumeration too (`E::A`); an alias-declaration may define the enumeration it names; a
// using-declaration and a base-class initializer may name an entity through the inline
// namespace (`::lib::Base`).
namespace lib {
inline namespace v2 {
enum mode { mode_add = 2, mode_mul = mode_add + 1 };
using order = enum order { order_relaxed = 5, order_seq = 7 };
template <class T> struct Box { T v; __device__ T get() const { return v; } };
template <class T> __device__ __noinline__ T twice(T x) { return x + x; }
struct Base { int b; __device__ Base(int x) : b(x) {} };
}  // namespace v2
__device__ int pick(mode m) { return m == mode_mul ? 30 : 40; }
struct Derived : ::lib::Base { __device__ Derived(int x) : ::lib::Base(x + 1) {} };
}  // namespace lib
namespace app {
using ::lib::order_seq;
}
__global__ void inline_ns(int *out) {
  int t = threadIdx.x;
  int *o = out + 4 * t;
  lib::Box<int> b{t};
  o[0] = lib::twice(b.get());
  o[1] = lib::pick(lib::mode_mul) + lib::mode::mode_add;
  o[2] = app::order_seq + lib::order::order_relaxed;
  o[3] = lib::Derived(t).b;
}
// CHECK: .visible .entry _Z9inline_nsPi(
// CHECK: call.uni (retval0), _ZN3lib2v25twiceIiEET_S2_,
