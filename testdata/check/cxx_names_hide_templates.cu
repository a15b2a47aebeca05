// A function parameter or local variable named like a function template hides it: `next < n`
// is a comparison, not a template-id (nvcc accepts this file). Outside that scope the name is a
// template again. A conversion function may name its type from the global namespace.
template <class T> __device__ T next(T x) { return x + 1; }
template <class T> __device__ T prev(T x) { return x - 1; }
namespace N { typedef unsigned long size_t; }
struct Size {
  unsigned long v;
  __device__ constexpr operator ::N::size_t() const { return v; }
};

__global__ void local_hides(int* o, int c) {
  int next = c + 1;
  if (next < c) o[0] = next;
  for (int prev = 0; prev < c; ++prev) o[prev] = prev > 2;
}

__global__ void param_hides(int* o, int prev) {
  if (prev < 3) o[0] = prev;
  o[1] = next<int>(prev);
}

__global__ void still_a_template(int* o) { o[0] = next<int>(1) + prev<int>(2); }

__global__ void converts(unsigned long* o, unsigned long n) {
  Size s{n};
  N::size_t m = s;
  o[0] = m;
}
