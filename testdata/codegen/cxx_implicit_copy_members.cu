// The implicit copy constructor of a class whose members or bases have user-provided copy
// constructors: a bitwise copy, then those subobjects copy-constructed in place, bases first,
// then members in declaration order. Used by copy-initialization, direct-initialization,
// by-value arguments (passed by invisible reference when the class needs destruction) and
// returned copies; each copy is destroyed once.
struct Log {
  int *p;
  int n;
};
__device__ void put(Log *l, int v) { l->p[l->n++] = v; }
struct R {
  Log *log;
  int v;
  __device__ R(Log *l, int x) : log(l), v(x) { put(log, 100 + x); }
  __device__ R(const R &o) : log(o.log), v(o.v + 10) { put(log, 200 + o.v); }
  __device__ ~R() { put(log, 300 + v); }
};
struct Agg {
  R r;
  int k;
};
struct H : Agg {
  int w;
  R s;
};
struct C {
  R r;
  int k;
  __device__ C(Log *l, int x) : r(l, x), k(x) {}
};
struct D : C {
  R q;
  __device__ D(Log *l, int x) : C(l, x), q(l, x + 1) {}
};
__device__ int by_value(H h) { return h.s.v + h.r.v + h.w; }
__device__ C returned(const C &c) { return c; }
__device__ int take_c(C c) { return c.r.v; }
// A class with its own copy constructor and a destructor, returned by copy.
__device__ R copy_r(const R &r) { return r; }
__global__ void implicit_copies(int *out) {
  Log log{out + 64 * threadIdx.x, 0};
  {
    H h{{R(&log, 1), 2}, 3, R(&log, 4)};
    put(&log, by_value(h));
    H copy = h;
    put(&log, copy.r.v + copy.s.v);
  }
  {
    C a(&log, 5);
    C b = a;
    C c(a);
    put(&log, b.r.v + c.r.v);
    put(&log, returned(a).r.v);
    put(&log, threadIdx.x & 1 ? take_c(returned(b)) : 0);
  }
  {
    D x(&log, 7);
    D y = x;
    put(&log, y.q.v + y.r.v);
    put(&log, copy_r(y.q).v);
  }
  out[64 * threadIdx.x + 63] = log.n;
}
// CHECK: .visible .entry _Z15implicit_copiesPi(
