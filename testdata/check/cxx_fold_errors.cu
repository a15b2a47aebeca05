// Fold expression and pack expansion errors: an empty unary fold over an operator without an
// empty-pack value, a parameter pack used without `...`, a binary fold over two packs, a fold
// over no pack.
template <class... T> __device__ int sum(T... t) { return (t + ...); }
template <class... T> __device__ int prod(T... t) { return (... * t); }
template <class... T> __device__ int unexpanded(T... t) { return t; }
template <class... T> __device__ int twice(T... t) { return (t + ... + t); }

__global__ void k(int *out) {
  out[0] = sum();
  out[1] = prod();
  out[2] = unexpanded(1, 2);
  out[3] = twice(1, 2);
  out[4] = (... + out[0]);
}
