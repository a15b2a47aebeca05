// Qualified member names: `obj.Base::member`, `p->Base::f()`, `Base::f()` and
// `this->Base::f()` inside a derived class reach hidden members of a base.
struct A {
  int v;
  __device__ int get() const { return v; }
};
struct B : A {
  int v;
  __device__ int get() const { return v * 10; }
};
struct C : B {
  __device__ int all() const { return get() + B::get() + A::get() + this->A::get(); }
};

__global__ void qualified(const int *in, int *out) {
  int t = threadIdx.x;
  C c;
  c.A::v = in[t];
  c.B::v = in[t] + 1;
  C *pc = &c;
  out[t] = c.get() * 1000 + c.A::get() * 100 + pc->B::get() + c.all() + pc->A::v;
}

// CHECK: .visible .entry _Z9qualifiedPKiPi(
