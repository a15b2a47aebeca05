// ARGS: -arch=sm_80 -O3 -std=c++17
// `__is_constructible(T&, U)` binds a reference to `declval<U>()` (directly to a reference-related
// glvalue, else through a temporary for `const T&` and `T&&`), and the two-argument
// `__is_assignable(T, U)` family is the built-in assignment `declval<T>() = declval<U>()` (a
// modifiable scalar lvalue from an implicitly converting value): what libcu++'s tuple of
// references (`cuda::std::tie`) asks of them. nvcc agrees with every assertion.
enum E { e0 };
static_assert(__is_constructible(int &, int &), "");
static_assert(!__is_constructible(int &, int), "");
static_assert(!__is_constructible(int &, const int &), "");
static_assert(__is_constructible(const int &, int), "");
static_assert(__is_constructible(int &&, int), "");
static_assert(!__is_constructible(int &&, int &), "");
static_assert(!__is_constructible(float &, int &), "");
static_assert(__is_constructible(const float &, int &), "");
static_assert(__is_constructible(float &&, int &), "");
static_assert(!__is_constructible(volatile const int &, int), "");
static_assert(!__is_constructible(int &), "");
static_assert(!__is_constructible(int &, int &, int &), "");
static_assert(__is_constructible(E &, E &), "");
static_assert(__is_trivially_constructible(int &, int &), "");
static_assert(__is_nothrow_constructible(const int &, int), "");
static_assert(__is_assignable(int &, int), "");
static_assert(__is_assignable(int &, float &), "");
static_assert(!__is_assignable(int, int), "");
static_assert(!__is_assignable(int &&, int), "");
static_assert(!__is_assignable(const int &, int), "");
static_assert(__is_assignable(float &, const int &), "");
static_assert(!__is_assignable(int *&, int), "");
static_assert(__is_assignable(int *&, int *), "");
static_assert(__is_assignable(const int *&, int *), "");
static_assert(!__is_assignable(int *&, const int *), "");
static_assert(__is_assignable(int *&, decltype(nullptr)), "");
static_assert(__is_assignable(bool &, int *), "");
static_assert(__is_assignable(E &, E), "");
static_assert(__is_trivially_assignable(int &, int), "");
static_assert(__is_nothrow_assignable(double &, int), "");
template <class T, class U> __device__ int traits() {
  return __is_constructible(T, U) + 2 * __is_assignable(T, U) + 4 * __is_assignable(U, T);
}
__global__ void k(int *o) {
  o[0] = traits<int &, int &>() + 10 * traits<const int &, int>() + 100 * traits<float &, int &>();
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: 617;
