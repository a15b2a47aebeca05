// Difftest: objects of a class with user-provided copy and move constructors passed and returned
// by value (each copy runs the constructor, which counts its copies), the implicit copy
// assignment of a class that declares only other operator= overloads, and direct-initialization
// through an explicit conversion operator (the C++ that cuda_fp16.h / cuda_bf16.h rely on).
struct C {
  int v, copies;
  __device__ C(int x) : v(x), copies(0) {}
  __device__ C(const C &o) : v(o.v), copies(o.copies + 1) {}
  __device__ C(const C &&o) : v(o.v), copies(o.copies + 100) {}
};
struct H {
  unsigned short x;
  __device__ H &operator=(float f) { x = (unsigned short)(f * 2.0f); return *this; }
  __device__ H &operator=(int i) { x = (unsigned short)(i + 1000); return *this; }
  __device__ operator float() const { return x * 0.5f; }
  __device__ operator int() const { return x; }
};
struct Q {
  int q;
  __device__ explicit operator H() const { H h; h.x = (unsigned short)(q * 3); return h; }
};

__device__ __noinline__ int take(C c) { return c.v * 10 + c.copies; }
__device__ __noinline__ C pass(C c) { return c; }  // a returned parameter is moved
__device__ C keep(const C &c) { return c; }        // a returned reference is copied

extern "C" __global__ void copies(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  C a(in[i]);
  out[6 * i + 0] = take(a);
  out[6 * i + 1] = take(C(in[i] + 1));
  C b = pass(a);
  out[6 * i + 2] = b.v * 1000 + b.copies;
  C c = keep(a);
  out[6 * i + 3] = c.copies;
  H h;
  h.x = (unsigned short)in[i];
  H g;
  g = h;
  out[6 * i + 4] = g.x;
  Q q{in[i]};
  H k = static_cast<H>(q);
  out[6 * i + 5] = k.x;
}
