// Variadic class template errors: a pack expansion over a parameter that is not a pack (and a
// call that then matches no instance), too many arguments for a class template without a pack.
template <class... T> struct Tup {};
template <class T> struct One {};
template <class T> __device__ int bad(Tup<T...> t) { return 0; }
__device__ void two() { One<int, float> o; }
__global__ void k(int *out) {
  Tup<int, float> t;
  out[0] = bad(t);
}
