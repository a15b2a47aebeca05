// What warpc cannot do yet with destructors and user-provided copy constructors is refused, never
// miscompiled: temporaries that would need destroying, by-value capture, arrays, statics, goto,
// copies that would need a copy constructor call (`take(G)` is fine: codegen/cxx_byvalue_dtor.cu).
struct G {
  int *p;
  __device__ G(int *q) : p(q) {}
  __device__ ~G() { p[1] = 7; }
};
struct C {
  int v;
  __device__ C(int x) : v(x) {}
  __device__ C(const C &o) : v(o.v + 1) {}
};
struct HasC { C c; };
__device__ void take(G g) { g.p[0] = 1; }
__device__ G make(int *p) { return G(p); }
__device__ C copy_out(C &c) { return c; }
__device__ int use(const G &g) { return g.p[0]; }
__global__ void k(int *p) {
  int z = G(p).p[0];
  int a = use(make(p));
  G g(p);
  auto f = [=] { return g.p[0]; };
  G arr[2] = {G(p), G(p)};
  static G s(p);
  C c(1);
  HasC h{c};
  C cs[2] = {C(1), C(2)};
  const G &r = G(p);
  for (C x : cs) p[x.v] = 0;
}
__device__ void jumps(int *p, int n) {
  G g(p);
  if (n) goto out;
  p[0] = 1;
out:
  p[2] = 2;
}
__device__ void cases(int *p, int n) {
  switch (n) {
  case 0:
    G g(p);
  case 1:
    p[0] = 1;
  }
}
struct Asg {
  int v;
  __device__ Asg &operator=(const Asg &o) { v = o.v + 1; return *this; }
};
struct HasAsg { Asg a; };
__device__ void assign(HasAsg &x, HasAsg &y) { x = y; }
