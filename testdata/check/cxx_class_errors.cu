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
