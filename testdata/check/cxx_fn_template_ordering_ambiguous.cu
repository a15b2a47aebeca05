// Function templates neither of which is more specialized ([temp.func.order]), with
// conversion sequences that tie: ambiguous, as nvcc says (never a silent pick).
template <class T> __device__ int h(T) { return 1; }
template <class T> __device__ int h(const T &) { return 2; }
template <class T, class U> __device__ int a(T, U *) { return 1; }
template <class T, class U> __device__ int a(T *, U) { return 2; }
__global__ void k(int *o) {
  int x = o[1];
  o[0] = h(x);
  o[2] = a(o, o);
}
