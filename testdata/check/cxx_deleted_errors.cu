// Using a `= delete` function is an error (a deleted copy constructor, a deleted overload).
struct B {
  int v;
  __device__ B(int x) : v(x) {}
  B(const B &) = delete;
};
__device__ void only_float(float) {}
__device__ void only_float(int) = delete;
__global__ void k(int *o) {
  B x(1);
  B y = x;
  o[0] = y.v;
  only_float(2.0f);
  only_float(3);
}
