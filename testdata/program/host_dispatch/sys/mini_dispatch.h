// A header-only library in the shape of Thrust and CUB's host dispatch, used as a system header
// (`-isystem`): a host template calls a host template that passes a kernel template instance, by
// address or by name, to a launcher taking a kernel pointer; a policy is picked by a run-time value
// (both kernels are instantiated); a kernel pointer variable is initialized with an instance.
#pragma once
namespace mini {
namespace detail {
template <class T, int Threads> __global__ void fill_kernel(T *p, T v, int n) {
  int i = blockIdx.x * Threads + threadIdx.x;
  if (i < n) p[i] = v;
}
template <class T, class F> __global__ void apply_kernel(T *p, F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = f(p[i]);
}
// Never named: not emitted.
template <class T> __global__ void unused_kernel(T *p) { p[0] = T(); }
// The launcher: takes the kernel as a function pointer.
template <class K, class T, class A> int launch(K kernel, int grid, int block, T *p, A a, int n) {
  kernel<<<grid, block>>>(p, a, n);
  return 0;
}
inline int runtime_version() { return 800; }
template <int Threads> struct policy {
  static constexpr int threads = Threads;
};
// A policy chain picked by a run-time value: both kernels are instantiated.
template <class T> int fill_impl(T *p, T v, int n) {
  if (runtime_version() >= 800) {
    return launch(&fill_kernel<T, policy<256>::threads>, (n + 255) / 256, 256, p, v, n);
  }
  return launch(fill_kernel<T, policy<128>::threads>, (n + 127) / 128, 128, p, v, n);
}
template <class T, class F> int apply_impl(T *p, int n, F f) {
  void (*k)(T *, F, int) = apply_kernel<T, F>;
  return launch(k, (n + 127) / 128, 128, p, f, n);
}
template <class T> __global__ void scale_kernel(T *p, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= a;
}
template <class T> struct size_of {
  using type = long;
};
template <class T> T *first_of(T *p) { return p; }
// A launch inside a member function: warpc does not follow member calls.
struct launcher {
  template <class T> void run(T *p, int n) { fill_kernel<T, 64><<<(n + 63) / 64, 64>>>(p, T(), n); }
};
} // namespace detail
template <class T> int fill(T *p, T v, int n) { return detail::fill_impl(p, v, n); }
template <class T, class F> int transform(T *p, int n, F f) { return detail::apply_impl(p, n, f); }
// The launcher's arguments name a local declared with a local type alias.
template <class T> int scale(T *p, T a, int n) {
  using size_type = typename detail::size_of<T>::type;
  size_type count = static_cast<size_type>(n);
  return detail::launch(&detail::scale_kernel<T>, 1, 128, detail::first_of(p), a, count);
}
template <class T> void clear(T *p, int n) {
  detail::launcher l;
  l.run(p, n);
}
} // namespace mini
