// A statement starting with a braced functional cast is an expression, not a declaration.
struct L { __device__ int run(int *p, int n) const { p[0] = n; return n; } };
namespace ns { struct M { __device__ void go(int *p) { p[1] = 2; } }; }
__device__ void f(int *p) {
  L{}.run(p, 3);
  ns::M{}.go(p);
  ::ns::M{}.go(p);
  L{};
  L x{};
}
