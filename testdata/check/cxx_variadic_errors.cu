// Pack expansion errors: a pattern without a parameter pack, a pack used unexpanded,
// sizeof... of something that is not a pack.
template <class... A> __device__ int bad_size(A... a) { int n = 0; return sizeof...(n); }
template <class... A> __device__ int f(A... a) { return 0; }
template <class... A> __device__ int unexpanded(A... a) { return a; }
__global__ void k(int *p) {
  int x = p[0];
  p[0] = f(x...);
  p[1] = bad_size(1, 2);
  p[2] = unexpanded(1);
}
