// Friendship is granted to the named function or class only: other functions, members of other
// classes and a function with the same name in another namespace are refused.
class F {
  int v;
  friend __device__ int peek(const F &f);
  friend class Pal;
public:
  __device__ F(int x) : v(x) {}
};
__device__ int peek(const F &f) { return f.v; }
__device__ int poke(const F &f) { return f.v; }
class Pal { public: __device__ int get(const F &f) const { return f.v; } };
class Stranger { public: __device__ int get(const F &f) const { return f.v; } };
namespace other { __device__ int peek(const F &f) { return f.v; } }
__global__ void k(int *p) {
  F f(p[0]);
  Pal a;
  Stranger s;
  p[1] = peek(f) + poke(f) + a.get(f) + s.get(f) + other::peek(f);
}
