// An explicit specialization's template arguments are looked up in its namespace: an enumerator
// of that namespace, or one a using-declaration brings there (as libcu++'s
// `template <> class barrier<thread_scope_block>` inside `namespace cuda`). nvcc accepts this.
namespace A { enum scope { s_thread = 10, s_block = 2 }; }
namespace B {
using ::A::s_block;
enum own { o_two = 2 };
template <int S> struct bar { int x; };
template <> struct bar<s_block> { int y; };
template <int S> struct baz { int x; };
template <> struct baz<o_two> { int z; };
}
__global__ void k(int* o) {
  B::bar<2> b;
  b.y = 1;
  B::baz<2> c;
  c.z = 2;
  o[0] = b.y + c.z;
}
