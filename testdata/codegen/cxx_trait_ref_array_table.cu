// ARGS: -arch=sm_80 -O3 -std=c++17
// __is_constructible / __is_assignable / __is_convertible_to with reference, array and
// function arguments: `declval<U>()` is an lvalue for `U&`, an xvalue otherwise; a scalar is
// direct-initialized from it (arrays and functions decay, `nullptr` to `bool`), a reference
// binds to it (`is_copy_constructible_v<float>` is `__is_constructible(float, const float&)`).
// One bit per row; the words are nvcc's (difftest spec cxx_trait_ref_array_table).
enum E { e0 };
typedef decltype(nullptr) np;
typedef void fn();
#define C(...) __is_constructible(__VA_ARGS__)
#define A(...) __is_assignable(__VA_ARGS__)
#define V(...) __is_convertible_to(__VA_ARGS__)
#define B(i, ...) ((unsigned)(__VA_ARGS__) << (i))
__global__ void k(unsigned *o) {
  o[0] = B(0, C(float, float &))
      | B(1, C(float, const float &))
      | B(2, C(float, float &&))
      | B(3, C(float, float))
      | B(4, C(int *, int (&)[3]))
      | B(5, C(int *, int[3]))
      | B(6, C(const int *, int (&)[3]))
      | B(7, C(int *, const int (&)[3]))
      | B(8, C(int, int *))
      | B(9, C(bool, int *))
      | B(10, C(bool, np))
      | B(11, C(bool, np &))
      | B(12, C(int, E &))
      | B(13, C(E, int))
      | B(14, C(E, E &))
      | B(15, C(fn *, fn &))
      | B(16, C(int[3], int[3]))
      | B(17, C(int[3], int (&)[3]))
      | B(18, C(int[3]))
      | B(19, C(int[]))
      | B(20, C(void))
      | B(21, C(fn))
      | B(22, C(void, int))
      | B(23, C(int *, void *))
      | B(24, C(void *, int *&))
      | B(25, C(int *, np &))
      | B(26, C(int *, int))
      | B(27, C(long, const volatile int &))
      | B(28, C(int, float &))
      | B(29, C(int, int, int))
      | B(30, C(int[3], int, int))
      | B(31, C(int *, int (&)[]));
  o[1] = B(0, C(int (&)[3], int (&)[3]))
      | B(1, C(int (&)[3], int[3]))
      | B(2, C(int (&&)[3], int[3]))
      | B(3, C(int (&&)[3], int (&)[3]))
      | B(4, C(const int (&)[3], int (&)[3]))
      | B(5, C(const int (&)[3], int[3]))
      | B(6, C(const int (&)[3], int (&)[4]))
      | B(7, C(int (&)[3], const int (&)[3]))
      | B(8, C(int *&, int (&)[3]))
      | B(9, C(int *const &, int (&)[3]))
      | B(10, C(int *&&, int (&)[3]))
      | B(11, C(fn &, fn &))
      | B(12, C(fn &&, fn &))
      | B(13, C(fn &, fn))
      | B(14, C(fn *const &, fn &))
      | B(15, C(fn *&, fn &))
      | B(16, C(const bool &, np))
      | B(17, __is_trivially_constructible(float, float &))
      | B(18, __is_nothrow_constructible(float, const float &))
      | B(19, __is_trivially_constructible(int *, int (&)[3]))
      | B(20, __is_nothrow_constructible(int *, int (&)[3]))
      | B(21, A(int *&, int (&)[3]))
      | B(22, A(int (&)[3], int (&)[3]))
      | B(23, A(float &, float &))
      | B(24, A(float &, const float &&))
      | B(25, A(int *&, int[3]))
      | B(26, A(fn *&, fn &))
      | B(27, A(bool &, np))
      | B(28, A(E &, int))
      | B(29, __is_trivially_assignable(int *&, int (&)[3]))
      | B(30, __is_nothrow_assignable(float &, float &))
      | B(31, V(int (&)[3], int *));
  o[2] = B(0, V(float &, float))
      | B(1, V(np, bool))
      | B(2, V(int, const int &))
      | B(3, V(int, int &))
      | B(4, V(fn &, fn *))
      | B(5, V(int *, bool))
      | B(6, V(int[3], const int *));
}
// CHECK: .visible .entry _Z1kPj(
// CHECK: -1694179713;
// CHECK: -406946251;
// CHECK: 117;
