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
// A launch inside a member function, called on a local object.
struct launcher {
  template <class T> void run(T *p, int n) { fill_kernel<T, 64><<<(n + 63) / 64, 64>>>(p, T(), n); }
};
// In the shape of CUB 3.5's dispatch: the kernels come from the static member functions of a
// kernel source class (`decltype(&k<...>)` getters), launched through a member call of the
// object a launcher factory's call operator returns (`factory(g, b).doit(source.Tile(), ...)`);
// the dispatch function template has a defaulted `bool` parameter and defaulted type parameters
// computed from the earlier ones, and defaulted function arguments.
template <class T, int Items> __global__ void tile_kernel(T *p, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * Items;
  if (i < n) p[i] += T(Items);
}
template <class T> __global__ void second_kernel(T *p, int n) {
  if (threadIdx.x == 0 && n > 0) p[0] += p[n - 1];
}
template <class T, bool Two> struct kernel_source {
  static constexpr decltype(&tile_kernel<T, Two ? 2 : 1>) Tile() { return &tile_kernel<T, Two ? 2 : 1>; }
  static constexpr decltype(&second_kernel<T>) Second() { return &second_kernel<T>; }
};
struct chevron {
  int grid, block;
  template <class K, class... Args> int doit_host(K k, Args const &...args) const {
    k<<<grid, block>>>(args...);
    return 0;
  }
  template <class K, class... Args> int doit(K k, Args const &...args) const { return doit_host(k, args...); }
};
struct chevron_factory {
  chevron operator()(int grid, int block) const { return chevron{grid, block}; }
};
template <class T> struct value_of {
  using type = T;
};
template <bool Two = true, class T, class V = typename value_of<T>::type, class Source = kernel_source<V, Two>,
          class Factory = chevron_factory>
int reduce_dispatch(T *p, int n, Source source = {}, Factory factory = {}) {
  if (int e = factory(1, 128).doit(source.Tile(), p, n)) {
    return e;
  }
  return factory(1, 32).doit(source.Second(), p, n);
}
// A launch inside a member function of a class template's partial specialization: warpc does
// not follow that member call (an error at the user's call).
template <class T> struct ptr_launcher;
template <class T> struct ptr_launcher<T *> {
  void run(T *p, int n) { fill_kernel<T, 32><<<(n + 31) / 32, 32>>>(p, T(), n); }
};
// In the shape of CUB's `make_num_items_dispatch_arg`: a host function template returning
// `auto`, its type given by the `return` on the path its `if constexpr` takes, is a dispatch
// call's argument (the kernel's offset type is deduced from it).
template <class T> struct is_wide {
  static constexpr bool value = sizeof(T) > 4;
};
template <class N> auto make_count(N n) {
  if constexpr (is_wide<N>::value) {
    return n;
  } else {
    using offset_t = unsigned;
    return static_cast<offset_t>(n);
  }
}
template <class T, class Off> __global__ void count_kernel(T *p, Off n) {
  if (threadIdx.x < n) p[threadIdx.x] = T(n);
}
template <class T, class Off> int count_dispatch(T *p, Off n) {
  count_kernel<T, Off><<<1, 32>>>(p, n);
  return 0;
}
} // namespace detail
template <class T, class N> int count(T *p, N n) { return detail::count_dispatch(p, detail::make_count(n)); }
template <class T> int fill(T *p, T v, int n) { return detail::fill_impl(p, v, n); }
template <class T, class F> int transform(T *p, int n, F f) { return detail::apply_impl(p, n, f); }
// The launcher's arguments name a local declared with a local type alias.
template <class T> int scale(T *p, T a, int n) {
  using size_type = typename detail::size_of<T>::type;
  size_type count = static_cast<size_type>(n);
  return detail::launch(&detail::scale_kernel<T>, 1, 128, detail::first_of(p), a, count);
}
template <class T> int reduce(T *p, int n) { return detail::reduce_dispatch(p, n); }
template <class T> int reduce_one(T *p, int n) { return detail::reduce_dispatch<false>(p, n); }
template <class T> void clear(T *p, int n) {
  detail::launcher l;
  l.run(p, n);
}
template <class T> void clear_ptr(T *p, int n) {
  detail::ptr_launcher<T *> l;
  l.run(p, n);
}
} // namespace mini
