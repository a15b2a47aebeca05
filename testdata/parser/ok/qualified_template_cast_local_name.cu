// A local variable does not hide a qualified template name, even in its own initializer:
// `::ns::span<T, N>(p, N)` is a functional cast of a template-id.
namespace ns {
template <class T, int N> struct span { T* p; span(T* q, int) : p(q) {} };
}
template <class T, int N> T first(T* p) {
  auto span = ::ns::span<T, N>(p, N);
  auto other = ns::span<T, N>{p, N};
  return *span.p + *other.p;
}
