// Alias templates with default arguments (enable_if_t<B, T = void>-style), and `>>>` closing three
// nested template argument lists (A<B<C<T>>>) or a default argument and the parameter list.
template <bool B, class T = void> struct EnableIf {};
template <class T> struct EnableIf<true, T> { typedef T type; };
template <bool B, class T = void> using EnableIfT = typename EnableIf<B, T>::type;
template <class T, int N = 3> using Arr = T[N];
template <class T> struct Box { T v; };
template <class T, class U = Box<Box<Box<T>>>> __device__ int depth() { return sizeof(U) / sizeof(T); }
template <class T> __device__ EnableIfT<(sizeof(T) == 4), int> four(T) { return 4; }
template <class T> __device__ EnableIfT<(sizeof(T) == 8), int> four(T) { return 8; }
__global__ void k(int *q) {
  Box<Box<Box<int>>> b;
  b.v.v.v = q[1];
  Arr<int> a = {1, 2, 3};
  EnableIfT<true> *vp = nullptr;
  q[0] = b.v.v.v + depth<int>() * 10 + four(1.0) * 100 + four(1.0f) * 1000 + (int)sizeof(a) * 10000 + (vp == nullptr);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: 124811;
