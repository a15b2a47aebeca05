// Found by the mutation test: a member of `List` that uses `List<T..., int, T...>` makes each
// round of instantiation double the pack (4, 9, 19, ... arguments) until memory ran out. The
// number of template arguments of one instance is bounded (an "excessive recursion" error).
// Member functions are now instantiated only when used, as nvcc does: `List<int x9>::grow` is
// never called, so the growth stops there and the file compiles (nvcc accepts it too).
template <class... T> struct List {
  __device__ static int count() { return sizeof...(T); }
  __device__ int grow() const { return List<T..., int, T...>::count(); }
};
__global__ void k(int *o) { o[0] = List<int, int, int, int>().grow(); }
