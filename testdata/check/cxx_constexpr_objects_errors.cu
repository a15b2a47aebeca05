// Constant evaluations that are not constant expressions: an out-of-bounds read, a null
// dereference, pointer arithmetic past an array, a division by zero, an out-of-bounds read in
// a member function of a constexpr object, and a constexpr variable with such an initializer.
struct Buf { int a[2]; constexpr int at(int i) const { return a[i]; } };
constexpr Buf kb{{1, 2}};
constexpr int oob() { int a[2] = {1, 2}; return a[2]; }
constexpr int null_read() { int *p = nullptr; return *p; }
constexpr int past() { int a[2] = {1, 2}; const int *p = a; p += 3; return p[-3]; }
constexpr int div0(int d) { return 10 / d; }
static_assert(oob() == 0, "oob");
static_assert(null_read() == 0, "null");
static_assert(past() == 0, "past");
static_assert(div0(0) == 0, "div");
static_assert(kb.at(2) == 0, "member");
constexpr Buf make_bad() { Buf b{{1, 2}}; b.a[1] = b.a[5]; return b; }
constexpr int first(Buf b) { return b.a[0]; }
constexpr int kbad = first(make_bad());
__global__ void k(int *p) { p[0] = kbad; }
