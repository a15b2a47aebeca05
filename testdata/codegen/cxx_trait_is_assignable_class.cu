// `__is_assignable(T, U)` for classes with only the implicit assignment (libcu++'s
// `__must_synthesize_assignment_v`, which decides `cuda::std::pair`'s base): a class is
// assignable from its own class or a derived one, and not when a member is a reference or
// `const` (its implicit assignment is deleted), recursively through members and bases.
struct Plain { int a; float b; };
struct Derived : Plain { int c; };
struct HasRef { int &r; };
struct HasConst { const int c; };
struct Wraps { HasRef h; };
struct FromBase : HasConst { };
struct Arr { int v[4]; Plain p[2]; };
static_assert(__is_assignable(Plain &, const Plain &), "");
static_assert(__is_assignable(Plain &, Plain), "");
static_assert(__is_assignable(Plain, Plain), "");
static_assert(__is_assignable(Plain &, Derived &), "");
static_assert(!__is_assignable(Derived &, Plain &), "");
static_assert(!__is_assignable(const Plain &, Plain), "");
static_assert(!__is_assignable(Plain &, int), "");
static_assert(!__is_assignable(HasRef &, const HasRef &), "");
static_assert(!__is_assignable(HasConst &, HasConst), "");
static_assert(!__is_assignable(Wraps &, const Wraps &), "");
static_assert(!__is_assignable(FromBase &, const FromBase &), "");
static_assert(__is_assignable(Arr &, const Arr &), "");
static_assert(__is_trivially_assignable(Plain &, const Plain &), "");
static_assert(__is_nothrow_assignable(Plain &, Plain &&), "");

__global__ void assignable(int *out) {
  out[threadIdx.x] = __is_assignable(Plain &, const Plain &) * 2 + __is_assignable(HasRef &, HasRef);
}
// CHECK: .visible .entry _Z10assignablePi(
// CHECK: ], 2;
