// NVRTC declares the device heap's malloc and free and std::initializer_list without any
// header: libcu++ names them in NVRTC mode (`using ::malloc;` in __cstdlib/malloc.h, `using
// ::std::initializer_list;` in <cuda/std/initializer_list>). Compared with NVRTC 13.
// ARGS: --nvrtc -arch=compute_90 -std=c++17
namespace lib {
using ::free;
using ::malloc;
using ::std::initializer_list;
} // namespace lib
extern "C" __global__ void nvrtc_heap(int **o, int *n) {
  int *p = static_cast<int *>(lib::malloc(4 * sizeof(int)));
  p[0] = 7;
  *o = p;
  lib::initializer_list<int> l;
  *n = static_cast<int>(l.size()) + (l.begin() == l.end());
  free(nullptr);
}
// CHECK: .extern .func  (.param .b64 func_retval0) malloc
// CHECK: .entry nvrtc_heap(
// CHECK: call.uni (retval0), malloc,
// CHECK: call.uni free,
