// A dispatch call whose argument is a host function template returning `auto`
// (`detail::make_count`, CUB's `make_num_items_dispatch_arg` shape): its return type comes from
// the `return` on the path its `if constexpr` takes (`unsigned` for `int`, `long` for `long`),
// so the kernel instances are nvcc's (auto_ret-entries.txt).
#include <mini_dispatch.h>
int main() {
  float *p = nullptr;
  mini::count(p, 10);
  mini::count(p, 10L);
  return 0;
}
