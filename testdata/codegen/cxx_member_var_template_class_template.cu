// ARGS: -arch=sm_80 -O3 -std=c++17
// Member variable templates of class templates: `C<int>::v<double>`, `C<T>::template w<U>`
// and `w<char>` unqualified in a member (libcu++'s `__tuple_leaf::__can_bind_reference<U>`);
// each specialization's own parameters. nvcc gives 1, 0, 28, 14, 41, 81.
template <class T> struct C {
  template <class U> static constexpr bool v = sizeof(T) < sizeof(U);
  template <class U> static constexpr int w = sizeof(T) * 10 + sizeof(U);
  __device__ static int z() { return w<char>; }
};
template <class T, class U> __device__ int g() { return C<T>::template w<U>; }
template <class T> __device__ int h() { return C<int>::w<T>; }
__global__ void k(int *o) {
  o[0] = C<int>::v<double>;
  o[1] = C<double>::v<int>;
  o[2] = C<short>::w<long long>;
  o[3] = g<char, int>();
  o[4] = C<int>::z();
  o[5] = C<double>::z() + h<char>() - 41;
}
// CHECK: .visible .entry _Z1kPi(
