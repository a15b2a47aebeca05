// Kernels launched through member calls in a system header (sys/mini_dispatch.h): on a local
// object (`mini::clear`), and CUB 3.5's shape (`mini::reduce`: kernel getters of a kernel source
// class, `factory(g, b).doit(source.Tile(), ...)`, defaulted template parameters);
// member-entries.txt is nvcc's `.entry` list.
#include <mini_dispatch.h>
int main() {
  float *p = nullptr;
  int *q = nullptr;
  mini::clear(p, 1000);
  mini::reduce(p, 1000);
  mini::reduce_one(q, 10);
  return 0;
}
