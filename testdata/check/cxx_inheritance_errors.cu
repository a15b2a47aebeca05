// Inheritance errors: virtual functions and bases (unsupported), a base that is not a class,
// lookup and base-to-derived errors (a member in a non-POD base's tail padding is fine).
struct B { int a; };
struct V { __device__ virtual int f() { return 1; } };
struct W : virtual B { int w; };
typedef int I;
struct X : I { int x; };
struct N { int n; char c; __device__ N() : n(0), c(0) {} };
struct T : N { char t; };
struct D : B { int d; };
__global__ void k(int *p) { D d; p[0] = d.zz; B *b = &d; D *dp = b; }
struct Other { int o; };
__global__ void k2(int *p) { D d; p[0] = d.Other::o; }
