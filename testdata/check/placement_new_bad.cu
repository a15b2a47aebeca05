// Placement new needs a pointer to the storage (nvcc: `operator new(std::size_t, void*)` does not
// take an int).
#include <new>
__global__ void k(int* o) {
  int v = 0;
  int* q = new (v) int(7);
  o[0] = *q;
}
