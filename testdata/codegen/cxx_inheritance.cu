// Non-virtual inheritance: base subobjects laid out first (Itanium, empty bases take no
// space), member lookup through bases with hiding, calls of base member functions,
// derived-to-base pointer/reference/value conversions and their overload ranking, base
// initializers and default base construction, static_cast between base and derived.
struct Tag {
  __device__ int tag() const { return 7; }
};
struct A {
  int a;
  __device__ A() : a(10) {}
  __device__ explicit A(int v) : a(v) {}
  __device__ int get() const { return a; }
  __device__ int twice() const { return 2 * get(); }
};
struct B {
  double b;
  __device__ int get() const { return (int)b; }
};
struct C : Tag, A, B {
  int c, c2;
  __device__ C(int x) : A(x), c(x + 1), c2(0) { b = 0.5 * x; }
  __device__ int get() const { return c; }          // hides A::get and B::get
  __device__ int sum() const { return a + (int)b + c + A::get() + tag(); }
};
struct D : C {
  int a;                                            // hides A::a
  __device__ D(int x) : C(x * 2), a(-x) {}
};
struct Plain : A { int p; };                        // implicit default ctor runs A()

__device__ int which(const A *) { return 1; }
__device__ int which(const C *) { return 3; }
__device__ int which(const void *) { return 9; }
__device__ int by_ref(const A &x) { return x.a; }
__device__ double by_val(B x) { return x.b; }

__global__ void derived(const int *in, int *out) {
  int i = threadIdx.x;
  int x = in[i];
  D d(x);
  C *pc = &d;
  A *pa = &d;
  B *pb = pc;
  C *back = static_cast<C *>(pb);
  D *dd = static_cast<D *>(pa);
  Plain pl;
  pl.p = 1;
  int *o = out + 16 * i;
  o[0] = d.a;                                       // -x
  o[1] = pc->get() + d.get();                       // c + c
  o[2] = d.sum();                                   // 2x + x + (2x+1) + 2x + 7
  o[3] = pa->twice();                               // 2 * 2x
  o[4] = (int)pb->b;                                // x
  o[5] = back == pc;
  o[6] = dd == &d;
  o[7] = which(&d) * 10 + which(pa);                // 31
  o[8] = by_ref(d);                                 // 2x
  o[9] = (int)by_val(d);                            // x
  o[10] = pl.a + pl.p;                              // 11
  o[11] = sizeof(C) * 100 + sizeof(D);              // 24 * 100 + 32
  o[12] = (int)((char *)pb - (char *)pc);           // 8
  B *nb = (C *)0;
  o[13] = nb == 0;
  A a2 = d;                                         // slicing copy
  o[14] = a2.get();                                 // 2x
  o[15] = d.tag();
}

// CHECK: .visible .entry _Z7derivedPKiPi(
