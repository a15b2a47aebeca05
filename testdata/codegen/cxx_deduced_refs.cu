// ARGS: -arch=sm_80 -O3 -std=c++17
// Deduced return types beyond `auto`: `auto&`, `const auto&`, `auto*` and `decltype(auto)`
// (`return (x);` gives a reference, `return x;` a value), on members and on function
// templates (mangled `RDa`, `Dc`), and `decltype(auto)` variables.
template <class A, class B> struct same { static constexpr bool value = false; };
template <class A> struct same<A, A> { static constexpr bool value = true; };

struct Grid {
  int cells[4];
  __device__ auto &at(int i) { return cells[i]; }
  __device__ const auto &cat(int i) const { return cells[i]; }
  __device__ auto *ptr(int i) { return &cells[i]; }
  __device__ decltype(auto) get(int i) { return (cells[i]); }
  __device__ decltype(auto) val(int i) const {
    int v = cells[i];
    return v;
  }
};

template <class T> __device__ __noinline__ decltype(auto) first(T *p) { return (p[0]); }
template <class T> __device__ __noinline__ auto &second(T *p) { return p[1]; }

__global__ void refs(int *out) {
  int i = threadIdx.x;
  Grid g{{i, i + 1, i + 2, i + 3}};
  g.at(0) += 10;
  *g.ptr(1) *= 2;
  g.get(2) = 7 * i;
  decltype(auto) r = g.at(3);
  r -= 1;
  decltype(auto) v = g.val(0);
  v += 1000;
  const auto &c = g.cat(1);
  int *o = out + 8 * i;
  first(o + 5) = c;
  second(o + 5) = 3 * i;
  o[0] = g.cells[0];
  o[1] = g.cells[1];
  o[2] = g.cells[2];
  o[3] = g.cells[3];
  o[4] = v;
  o[7] = same<decltype(g.get(0)), int &>::value + 2 * same<decltype(g.val(0)), int>::value +
         4 * same<decltype(first(o)), int &>::value + 8 * same<decltype(r), int &>::value +
         16 * same<decltype(v), int>::value + 32 * same<decltype(g.cat(0)), const int &>::value +
         64 * same<decltype(g.ptr(0)), int *>::value;
}

// CHECK: .func  (.param .b64 func_retval0) _Z5firstIiEDcPT_(
// CHECK: .func  (.param .b64 func_retval0) _Z6secondIiERDaPT_(
// CHECK: .visible .entry _Z4refsPi(
