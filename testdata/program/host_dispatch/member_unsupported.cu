// `mini::clear_ptr` launches its kernel inside a member function of a class template's partial
// specialization, which warpc does not follow: an error at the call (nvcc emits
// fill_kernel<float, 32>).
#include <mini_dispatch.h>
int main() {
  float *p = nullptr;
  mini::clear_ptr(p, 1000);
  return 0;
}
