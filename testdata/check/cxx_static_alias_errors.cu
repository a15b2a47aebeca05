template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <class T> struct is_float { static const bool value = false; };
template <> struct is_float<float> { static const bool value = true; };
template <class T> __device__ typename enable_if<is_float<T>::value, T>::type scale(T x) { return x * 2.0f; }
template <class T> using Ptr = T*;
struct Cfg { static const int N = 4; typedef float value_type; };
struct Dev { static __device__ int counter; };
template <class T> struct Tr { static const int v = 0; };
template <class T> struct Tr<T*> { static const int v = 1; };
__global__ void k(float *p, int *q) {
  p[0] = scale(q[0]);
  q[1] = Cfg::missing;
  typename enable_if<false, int>::type x = 0;
  Cfg::nothing y = 1;
  Ptr<int, 2> z = 0;
  decltype(undefined_thing) w = 0;
  q[2] = Tr<float *>::w;
  typename Cfg::value_type::inner u = 0;
  if constexpr (q[0] > 1) q[3] = 0;
}
