// Attributes that would change a type's size or layout and that warpc does not implement are
// errors, never silently dropped.
typedef float f4 __attribute__((vector_size(16)));
typedef int i8 __attribute__((mode(QI)));
typedef __align__(16) float F16;
struct __attribute__((packed)) P { char c; int i; };
__device__ void f() {
  typedef __align__(8) int I8;
}
