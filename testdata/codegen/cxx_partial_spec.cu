// Partial specializations of class templates (the most specialized matching one is used, by
// partial ordering of their argument patterns),
// enable_if-style SFINAE over function template signatures, and recursion through
// `if constexpr` (the discarded branch is not instantiated) and through static members.
template <class T> struct Traits { static const int kind = 0; static __device__ T twice(T x) { return x + x; } };
template <class T> struct Traits<T *> { static const int kind = 1; typedef T pointee; };
template <class T> struct Traits<const T *> { static const int kind = 2; typedef T pointee; };
template <class T, int N> struct Arr { static const int kind = 10 + N; };
template <class T> struct Arr<T, 0> { static const int kind = 100; };

template <class T, class U> struct S { static const int v = 0; };
template <class T> struct S<T, T> { static const int v = 1; };
template <class T, class U> struct S<T *, U> { static const int v = 2; };
template <class T> struct S<T *, T *> { static const int v = 3; };
template <class T> struct R { static const int v = 0; };
template <class T, int N> struct R<T[N]> { static const int v = N; };
template <class T> struct R<T[4]> { static const int v = 40; };

template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <class T> struct is_float { static const bool value = false; };
template <> struct is_float<float> { static const bool value = true; };

template <class T> __device__ typename enable_if<is_float<T>::value, T>::type scale(T x) { return x * 2.0f; }
template <class T> __device__ typename enable_if<!is_float<T>::value, T>::type scale(T x) { return x + 1; }

template <int N> struct Fact { static const int v = N * Fact<N - 1>::v; };
template <> struct Fact<0> { static const int v = 1; };

template <int N> __device__ int fact() {
  if constexpr (N <= 1)
    return 1;
  else
    return N * fact<N - 1>();
}

__global__ void spec(const float *in, float *out, int *iout) {
  int t = threadIdx.x;
  typename Traits<const float *>::pointee f = in[t];
  out[t] = scale(f) + scale(t) + Traits<float>::twice(f);
  iout[t] = Traits<int>::kind + Traits<int *>::kind * 10 + Traits<const int *>::kind * 100 + Arr<int, 3>::kind * 1000 +
            Arr<int, 0>::kind * 10000 + fact<5>() * 1000000 + t + (Fact<6>::v - 720) +
            (S<int, int>::v + S<int *, float>::v * 10 + S<int *, int *>::v * 100 + S<int, float>::v * 1000 +
             R<int[3]>::v * 10000 + R<int[4]>::v * 100000 - 4030321);
}
// CHECK: .visible .entry _Z4specPKfPfPi(
