// Array new of classes with constructors: what warpc does not do yet is a located
// `unsupported:` (nvcc accepts all three): element initializers, arrays of arrays of such
// classes, and delete[] through a pointer to an array.
struct C {
  int v;
  __device__ C() : v(1) {}
  __device__ C(int x) : v(x) {}
  __device__ ~C() {}
};
__device__ void g(int n) {
  C* a = new C[2]{C(1), C(2)};
  C(*b)[4] = new C[n][4];
  delete[] b;
}
