// Itanium layout of derived classes: a non-POD base's tail padding is reused (a base with a
// constructor, with private data, with bases, a class template specialization), a POD base's
// is not; assigning through a base reference copies only the base's data.
struct A { int a; };
struct B { double b; };
struct C : A, B { char c; };
struct H : C { short h; };
struct N { int n; char c; __device__ N() : n(1), c(2) {} };
struct T : N { char t; };
class P { int x; char y; public: __device__ P() : x(3), y(4) {} __device__ int get() const { return x + y; } };
struct Q : P { char q; };
struct NP { int n; char c; };
struct R : NP { char r; };
template <class X> struct TB { X v; char k; __device__ TB() : v(5), k(6) {} };
struct U : TB<int> { char u; };
__device__ long dist(const void *a, const void *b) { return (const char *)a - (const char *)b; }
__global__ void tailpad(long *p) {
  H h; T t; Q q; R r; U u;
  p[0] = sizeof(H); p[1] = dist(&h.h, &h);
  p[2] = sizeof(T); p[3] = dist(&t.t, &t);
  p[4] = sizeof(Q); p[5] = dist(&q.q, &q);
  p[6] = sizeof(R); p[7] = dist(&r.r, &r);
  p[8] = sizeof(U); p[9] = dist(&u.u, &u);
  t.t = 9; N n2; N &base = t; base = n2; p[10] = t.t;   // assignment through a base reference keeps t.t
  q.q = 7; p[11] = q.get() * 100 + q.q;
}

// CHECK: .visible .entry _Z7tailpadPl(
