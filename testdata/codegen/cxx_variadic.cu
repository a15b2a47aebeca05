// Variadic function templates: recursive instantiation over a parameter pack, pack expansion
// in call arguments (plain, with a pattern naming the pack, with a type pack in a cast),
// `sizeof...`, packs of references and forwarding references, empty packs, explicit pack
// arguments. Mangling: `J...E` for the pack, `Dp` for the parameter pack as written.
__device__ float total() { return 0.0f; }
template <class T, class... R> __device__ __noinline__ float total(T t, R... r) { return t + total(r...); }
template <class... A> __device__ __noinline__ int count(A...) { return sizeof...(A); }
template <class... A> __device__ float sum_sq(const A &...a) { return total(a * a...); }
template <class... A> __device__ float as_floats(A... a) { return total(static_cast<float>(a)...); }
__device__ void bump_all() {}
template <class T, class... R> __device__ void bump_all(T &&t, R &&...r) {
  t += 1;
  bump_all(static_cast<R &&>(r)...);
}

__global__ void variadic(const int *in, float *out) {
  int t = threadIdx.x;
  int x = in[t];
  float *o = out + 5 * t;
  o[0] = total(x, 2.5f, 'a');
  o[1] = count(x, 1.0, o) * 10 + count();
  o[2] = sum_sq(x, 0.5f);
  o[3] = as_floats<int, unsigned>(x / 2, 7u);
  int a = x, b = 2 * x;
  bump_all(a, b);
  o[4] = a + b;
}

// CHECK: .func  (.param .b32 func_retval0) _Z5totalIiJfcEEfT_DpT0_(
// CHECK: .func  (.param .b32 func_retval0) _Z5countIJidPfEEiDpT_(
// CHECK: .func  (.param .b32 func_retval0) _Z5countIJEEiDpT_();
// CHECK: .func  (.param .b32 func_retval0) _Z5totalIfJcEEfT_DpT0_(
// CHECK: .func  (.param .b32 func_retval0) _Z5totalIcJEEfT_DpT0_(
// CHECK: .visible .entry _Z8variadicPKiPf(
