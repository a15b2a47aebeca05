// An `extern` variable template without a definition named in device code outside an
// unevaluated operand: nvcc's "undefined in device code".
template <class T>
using F = T (*)();
template <class T>
extern F<T> declval;
__global__ void k(unsigned long *p) { *p = (unsigned long)declval<double>; }
