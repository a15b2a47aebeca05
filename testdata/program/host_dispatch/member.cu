// `mini::clear` launches its kernel inside a member function, which warpc does not follow: an
// error at the call (nvcc emits fill_kernel<float, 64>).
#include <mini_dispatch.h>
int main() {
  float *p = nullptr;
  mini::fill(p, 1.0f, 1000);
  mini::clear(p, 1000);
  return 0;
}
