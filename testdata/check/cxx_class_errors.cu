struct C {
  int v;
  __device__ C(int a) : v(a) {}
  __device__ int get() { return v; }
  __device__ int peek() const { return v; }
  __device__ C operator+(const C &o) const { return C(v + o.v); }
};
struct D {
  int w;
  __device__ D() : w(0), nope(1) {}
};
__device__ int use(const C &c) { return c.get(); }
__global__ void k(int *o) {
  C a(1);
  C b;
  C c(1, 2);
  o[0] = a.peek() + a.missing();
  o[1] = (a * a).v;
  o[2] = this->v;
}
// A template-id's functional cast then a member access is an expression statement (not a
// declaration), and the member of that prvalue is not assignable (nvcc's wording).
template <typename T> struct TD {
  T v;
  __device__ TD(T x) : v(x) {}
};
__global__ void k2(int *p) {
  TD<int>(7).v;
  p[0] = TD<int>(p[2]).v;
  TD<int>(p[1]).v = 3;
}
struct Deleg {
  int a, b;
  __device__ Deleg(int x) : Deleg(x, 2 * x), a(1) {}
  __device__ Deleg(int x, int y) : a(x), b(y) {}
};
struct SelfDeleg {
  int a;
  __device__ SelfDeleg() : SelfDeleg() {}
};
