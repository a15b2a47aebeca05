// A constexpr function template evaluated in a constant expression (a template parameter's
// default, a template argument) whose body names a class template specialization nothing has
// instantiated yet: `fp_v<remove_cv_t<T>>` needs `remove_cv<double>`. This is how libcu++
// 3.1's numeric_limits picks __numeric_limits_impl<T, __make_numeric_limits_type<T>()>; the
// interpreter evaluates the call once the specialization exists.
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
template <class T> struct remove_cv { using type = T; };
template <class T> struct remove_cv<const T> { using type = T; };
template <class T> using remove_cv_t = typename remove_cv<T>::type;
template <class T> inline constexpr bool fp_helper_v = false;
template <> inline constexpr bool fp_helper_v<float> = true;
template <> inline constexpr bool fp_helper_v<double> = true;
template <class T> inline constexpr bool fp_v = fp_helper_v<remove_cv_t<T>>;
template <class A, class B> inline constexpr bool same_v = false;
template <class A> inline constexpr bool same_v<A, A> = true;

enum class kind { boolean, floating, other };
template <class T> __host__ __device__ constexpr kind kind_of() {
  if constexpr (same_v<T, bool>) {
    return kind::boolean;
  } else if constexpr (fp_v<T>) {
    return kind::floating;
  } else {
    return kind::other;
  }
}
template <class T, kind = kind_of<T>()> struct impl {
  static constexpr bool is_specialized = false;
  __host__ __device__ static constexpr T scale() { return T(1); }
};
template <> struct impl<double, kind::floating> {
  static constexpr bool is_specialized = true;
  __host__ __device__ static constexpr double scale() { return 0.5; }
};
template <class T> struct limits : impl<T> {};
template <class T> struct limits<const T> : limits<T> {};

template <class T> __host__ __device__ constexpr int width() { return sizeof(typename remove_cv<T>::type); }
template <int N> struct Tag { static constexpr int value = N; };

__global__ void k(double *d, int *p, const double *x) {
  int i = threadIdx.x;
  d[i] = x[i] * limits<const double>::scale() + limits<int>::scale();
  p[i] = limits<double>::is_specialized + 2 * limits<long>::is_specialized + Tag<width<const short>()>::value * i;
}
// CHECK: .entry _Z1kPdPiPKd(
// CHECK: 0d3FE0000000000000, 0d3FF0000000000000;
// CHECK: or.b32
