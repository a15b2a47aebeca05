// Variadic class templates: instances with 0..n arguments, `sizeof...` in members, pack
// expansions in template argument lists (`Tup<T...>`, `List<char, T...>`), the recursive
// partial specialization `Tup<H, T...>` with the explicit specialization `Tup<>`, deduction of a
// function template's pack from a `Tup<T...>` parameter. Mangling: `J...E` for the pack, `DpT_`
// for the expansion in a function template's signature (names checked against nvcc).
template <class... T> struct Tup {};
template <> struct Tup<> {
  __device__ int sum() const { return 0; }
};
template <class H, class... T> struct Tup<H, T...> {
  H head;
  Tup<T...> tail;
  __device__ int sum() const { return (int)head + tail.sum(); }
  __device__ int size() const { return 1 + (int)sizeof...(T); }
};

template <class... T> struct List {
  __device__ static int count() { return sizeof...(T); }
};
template <class... T> struct Wrap {
  List<char, T...> inner;
  __device__ int count() const { return List<T..., int, T...>::count(); }
};

template <class... T> __device__ __noinline__ int tup_size(const Tup<T...> &) { return sizeof...(T); }
template <class... T> __device__ __noinline__ int list_len(List<T...>) { return sizeof...(T); }

__global__ void k(Tup<int, float> t, int *out) { out[0] = t.sum(); }
__global__ void k2(List<>, List<char, List<int>>) {}

__global__ void variadic_classes(const int *in, int *out) {
  int t = threadIdx.x;
  int x = in[t];
  Tup<int, float, char> tp;
  tp.head = x;
  tp.tail.head = 2.5f;
  tp.tail.tail.head = 3;
  int *o = out + 8 * t;
  o[0] = tp.sum();
  o[1] = tp.size() * 10 + tp.tail.size();
  o[2] = tup_size(tp) + tup_size(tp.tail.tail.tail) * 100;
  o[3] = List<int, float>::count() + List<>::count() * 5;
  o[4] = list_len(List<int, int, int, int>()) + list_len(List<>()) * 7;
  o[5] = sizeof(Tup<int, int, int>) + x;
  Wrap<short, double> w{};
  o[6] = w.count() * 10 + list_len(w.inner);
  o[7] = sizeof(Tup<>) + sizeof(Tup<char, char>) * 10;
}

// CHECK: .func  (.param .b32 func_retval0) _Z8list_lenIJEEi4ListIJDpT_EE(
// CHECK: .func  (.param .b32 func_retval0) _Z8tup_sizeIJifcEEiRK3TupIJDpT_EE(
// CHECK: .func  (.param .b32 func_retval0) _Z8tup_sizeIJEEiRK3TupIJDpT_EE(
// CHECK: .func  (.param .b32 func_retval0) _Z8list_lenIJiiiiEEi4ListIJDpT_EE(
// CHECK: .func  (.param .b32 func_retval0) _Z8list_lenIJcsdEEi4ListIJDpT_EE(
// CHECK: .visible .entry _Z1k3TupIJifEEPi(
// CHECK: .visible .entry _Z2k24ListIJEES_IJcS_IJiEEEE(
// CHECK: .visible .entry _Z16variadic_classesPKiPi(
