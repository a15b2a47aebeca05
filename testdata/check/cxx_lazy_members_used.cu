// A member of a class template specialization is checked where it is used: `bad` is called
// (its error is reported), `unused` is not (no error, as nvcc).
template <typename T> struct S {
  T v;
  __device__ void bad() { v.foo(); }
  __device__ void unused() { v.bar(); }
};
__global__ void k() {
  S<int> s;
  s.bad();
}
