// Inside a member function, an unqualified call whose overload set holds member function
// templates passes `this` (CUB's BlockExchange: `WarpStripedToBlocked(items, items)` calls the
// template overload, which calls the non-template one with `bool_constant_v<...>`).
// ARGS: -arch=sm_80 -O3
template <int N>
struct X {
  int base;
  __device__ void go(const int (&in)[N], int (&out)[N], bool flag) {
    for (int i = 0; i < N; ++i) out[i] = in[i] + base + flag;
  }
  __device__ void go(int (&items)[N]) { go(items, items); }
  template <class O>
  __device__ void go(const int (&in)[N], O (&out)[N]) {
    go(in, out, true);
  }
};
extern "C" __global__ void member_template_sibling_k(int* o) {
  X<2> x{10 + (int)threadIdx.x};
  int a[2] = {1, 2};
  x.go(a);
  o[threadIdx.x] = a[0] * 100 + a[1];
}
// CHECK: .entry member_template_sibling_k(
