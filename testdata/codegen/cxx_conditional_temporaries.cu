// Temporaries with destructors made in conditionally evaluated operands (`?:` arms, the right
// operand of `&&` and `||`) are destroyed at the end of the full-expression only where they
// were made: each has a hidden flag, set when it is made, tested and cleared at the end.
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
  __device__ int value() const { return id; }
};
__device__ G make(Log *l, int i) { return G(l, i); }
__device__ int twice(const G &g) { return 2 * g.id; }
__global__ void cond_temps(int *out) {
  int t = threadIdx.x;
  Log log{out + 32 * t, 0};
  for (int i = 0; i < 2; i++) {
    // One arm or the other makes its temporary; the end of the statement destroys it.
    put(&log, (t + i) & 1 ? twice(make(&log, 1)) : G(&log, 2).value() + 40);
    // The right operand's temporary exists only when it is evaluated.
    put(&log, ((t & 2) && G(&log, 3).value() == 3) || twice(G(&log, 4)) == 8);
    // Nested: a temporary in an arm of an arm.
    put(&log, t & 4 ? (t & 8 ? G(&log, 5).id : make(&log, 6).id) : 7);
  }
  // In a condition: destroyed before the branch.
  if (t & 1 && G(&log, 8).id == 8)
    put(&log, 99);
  out[32 * t + 31] = log.n;
}
// CHECK: .visible .entry _Z10cond_tempsPi(
