// `const T&&` is not a forwarding reference: it deduces `T` from the argument and binds no
// lvalue, so the template is no candidate for one (nvcc: "no instance of function template").
struct B { int v; };
template <class T> __device__ int h(const T &&) { return 2; }
__global__ void k(int *o) {
  B b{1};
  o[0] = h(b);
  o[1] = h(B{2});
}
