// Temporaries of classes with destructors are destroyed at the end of their full-expression,
// most recent first: expression statements, conditions (before the branch), loop steps,
// declarations' initializers (after the initialization), return values (after the value is
// computed); a member function called on a temporary sees that object.
struct Log {
  int *p;
  int n;
};
__device__ void put(Log *l, int v) { l->p[l->n++] = v; }
struct G {
  Log *log;
  int id;
  __device__ G(Log *l, int i) : log(l), id(i) { put(log, 10 + i); }
  __device__ ~G() { put(log, 20 + id); }
  __device__ int value() { id += 3; return id; }
};
__device__ G make(Log *l, int i) { return G(l, i); }
__device__ int twice(const G &g) { return 2 * g.id; }
__device__ int pass(Log *l, int i) { return G(l, i).id + 100; }
__global__ void temps(int *out) {
  int t = threadIdx.x;
  Log log{out + 32 * t, 0};
  put(&log, G(&log, 1).value());
  int a = twice(make(&log, 2)) + G(&log, 3).id;
  put(&log, a);
  if (G(&log, 4).id == 4)
    put(&log, 99);
  for (int i = 0; i < 2; i += G(&log, 5).id - 4)
    put(&log, 50 + i);
  put(&log, pass(&log, t & 3));
  out[32 * t + 31] = log.n;
}
struct H {
  G g;
  int k;
};
struct K {
  __device__ K(const G &g) : v(g.id) {}
  int v;
};
// A temporary of the class itself initializing an object (`G a(G(..))`, a member in a braced
// list) is that object: no copy, no second destruction.
__global__ void elided(int *out) {
  Log log{out + 32 * threadIdx.x, 0};
  { G a(G(&log, 1)); }
  { G b{G(&log, 2)}; }
  { H h = {G(&log, 3), 1}; }
  { K k(G(&log, 4)); put(&log, k.v); }
  { H h2{G(&log, 5), 2}; }
  out[32 * threadIdx.x + 31] = log.n;
}
// CHECK: .visible .entry _Z5tempsPi(
// CHECK: .visible .entry _Z6elidedPi(
