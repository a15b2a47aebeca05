// A host function template that launches a kernel, called with template arguments warpc cannot
// deduce (it does not type std::vector in host code): an error, never a silently missing kernel.
// nvcc compiles this file. The call of `no_launch` needs no kernel, so it is not reported.
#include <vector>
template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
template <class V> void launch(V &v) { fill<<<1, 32>>>(v.data(), 1.0); }
template <class V> void no_launch(V &v) { v.resize(4); }
int main() {
  std::vector<double> dv(4);
  no_launch(dv);
  launch(dv);
  return 0;
}
