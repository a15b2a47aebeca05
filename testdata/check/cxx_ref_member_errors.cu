// Reference members: a mem-initializer binds them as a reference declaration would (a non-const
// reference needs an lvalue of its type); aggregate initialization of a class with one is not
// supported yet, never a silent copy.
struct Holder {
  int &r;
  __device__ Holder(int &x) : r(x) {}
  __device__ Holder(float f) : r(f) {}
};
struct Agg { int &r; };
__global__ void k(int *p) {
  Holder a(p[0]);
  a.r += 1;
  Agg g{p[1]};
}
