template <class T> struct is4 { static const bool value = sizeof(T) == 4; };
struct S { static const int N = 4; static_assert(N == 5, "N is five"); };
template <class T, int K> struct V { static_assert(K > 0, "K must be positive"); static_assert(is4<T>::value, "4-byte elements"); T d[K]; };
__global__ void k(float *p) { V<float, 2> a; a.d[0] = p[0]; V<double, 1> b; b.d[0] = 1; p[1] = a.d[0] + b.d[0]; }
