// Alignment attributes change layout as in nvcc: on members (the member's alignment, so the
// offsets and the record's size and alignment), on records (also after the closing brace), on
// variables; an alignment that is not a power of two is an error.
struct __align__(16) A16 { float x; };
struct B { char c; __align__(8) int i; alignas(16) char d; int e __attribute__((aligned(32))); };
struct C { char c; int i; } __attribute__((aligned(64)));
typedef struct __attribute__((aligned(8))) { int a; } D;
union U { char c; alignas(16) char d[3]; };
static_assert(sizeof(A16) == 16 && alignof(A16) == 16, "A16");
static_assert(sizeof(B) == 64 && alignof(B) == 32, "B");
static_assert(sizeof(C) == 64 && alignof(C) == 64, "C");
static_assert(sizeof(D) == 8 && alignof(D) == 8, "D");
static_assert(sizeof(U) == 16 && alignof(U) == 16, "U");
// `alignas(T)` is `alignas(alignof(T))`.
struct alignas(double) P { char c; };
struct Q { alignas(long long) char c; char d; };
struct R { alignas(A16) char c; };
static_assert(alignof(P) == 8 && sizeof(Q) == 8 && alignof(R) == 16, "alignas(type)");

__device__ __align__(3) int g3;
struct S { char c; int i __attribute__((aligned(6))); };
__device__ int f() {
  alignas(5) int x = 0;
  return x;
}
