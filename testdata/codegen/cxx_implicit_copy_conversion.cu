// Copying a class that converts to float and has converting constructors from arithmetic
// types (cuda_fp16.h's __half in __half2's member initializers): the implicit copy
// constructor binds the `const H&` argument by an exact match and beats H(float), H(double)
// and H(int), which need the user-defined conversion `operator float()` first. A constructor
// template taking `U&&` stays the better match for a non-const lvalue.
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
struct raw { unsigned short x; };
struct H {
protected:
  unsigned short v;
public:
  H() = default;
  __device__ constexpr H(const raw &r) : v(r.x) {}
  __device__ H(float f) : v((unsigned short)(f * 2.0f)) {}
  __device__ H(double f) : v((unsigned short)(f * 4.0)) {}
  __device__ H(int f) : v((unsigned short)(f * 8)) {}
  __device__ operator raw() const { raw r; r.x = v; return r; }
  __device__ operator float() const { return v; }
};
struct H2 {
  H x, y;
  __device__ H2(const H &a, const H &b) : x(a), y(b) {}
};
struct D : H {
  __device__ D(int i) : H(i) {}
};
struct G {
  int tag;
  __device__ G(int) : tag(1) {}
  template <class U> __device__ G(U &&) : tag(2) {}
  __device__ operator int() const { return 5; }
};

__global__ void k(float *o, int *t, const float *in) {
  int i = threadIdx.x;
  H a(in[i]);
  H2 p(a, a);
  H b(p.y);
  D d(i);
  H c(d);
  o[i] = float(b) + float(p.x) + float(c);
  G g(3);
  const G cg(4);
  G g2(g);
  G g3(cg);
  t[i] = g.tag * 100 + g2.tag * 10 + g3.tag;
}
// CHECK: .entry _Z1kPfPiPKf(
