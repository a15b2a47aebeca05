// Names in class templates: in an explicit specialization's members the template's name is the
// specialization (its injected-class-name, `bar *o` in `bar<2>`); a variable template named
// unqualified in a base clause of a class template in a namespace is that namespace's
// (`bool_constant<is_i_v<T>>`, as libcu++'s `is_integral` is written), also through an inline
// namespace.
namespace cs {
inline namespace v4 {
template <class T, T v> struct integral_constant {
  static constexpr T value = v;
};
template <bool B> using bool_constant = integral_constant<bool, B>;
template <class T> inline constexpr bool h_v = false;
template <> inline constexpr bool h_v<int> = true;
template <class T> inline constexpr bool is_i_v = h_v<T>;
template <class T> struct is_i : public bool_constant<is_i_v<T>> {};
} // namespace v4
template <int N> struct bar {
  int w;
  __device__ void set(bar *o, int v) { o->w = v + N; }
};
template <> struct bar<2> {
  int w;
  __device__ void set(bar *o, int v) { o->w = 10 * v; }
  __device__ bar &self() { return *this; }
};
} // namespace cs

__global__ void template_names(int *out) {
  int t = threadIdx.x;
  int *o = out + 3 * t;
  cs::bar<2> b;
  b.self().set(&b, t);
  cs::bar<1> c;
  c.set(&c, t);
  o[0] = b.w;
  o[1] = c.w;
  o[2] = cs::is_i<int>::value + 2 * cs::is_i<float>::value + 4 * cs::is_i_v<int>;
}
// CHECK: .visible .entry _Z14template_namesPi(
