// Found by the mutation test: a member of `List` that uses `List<T..., int, T...>` makes each
// round of instantiation double the pack (4, 9, 19, ... arguments) until memory ran out. The
// number of template arguments of one instance is now bounded (an "excessive recursion" error).
// nvcc accepts this file: it instantiates a member function only when it is used, while warpc
// checks every member of a specialization (a known difference).
template <class... T> struct List {
  __device__ static int count() { return sizeof...(T); }
  __device__ int grow() const { return List<T..., int, T...>::count(); }
};
__global__ void k(int *o) { o[0] = List<int, int, int, int>().grow(); }
