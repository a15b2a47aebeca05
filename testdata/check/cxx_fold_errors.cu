// Fold expression and pack expansion errors: an empty unary fold over an operator without an
// empty-pack value, a parameter pack used without `...`.
template <class... T> __device__ int sum(T... t) { return (t + ...); }
template <class... T> __device__ int prod(T... t) { return (... * t); }
template <class... T> __device__ int unexpanded(T... t) { return t; }

__global__ void k(int *out) {
  out[0] = sum();
  out[1] = prod();
  out[2] = unexpanded(1, 2);
}
