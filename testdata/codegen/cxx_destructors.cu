// Destructors of local objects: at the end of their block, on break/continue/return (after the
// return value is computed), in reverse order of construction; members' destructors after the
// class's own, then bases'; class templates; objects initialized from a temporary or a call.
// Each destructor appends a digit to a per-thread log, so the order is checked.
struct Log {
  int *p;
  int n;
  __device__ void put(int d) { p[n++] = d; }
};
struct Guard {
  Log *log;
  int id;
  __device__ Guard(Log *l, int i) : log(l), id(i) {}
  __device__ ~Guard() { log->put(id); }
};
struct Member {
  Log *log;
  __device__ ~Member() { log->put(7); }
};
struct Base {
  Log *log;
  __device__ Base(Log *l) : log(l) {}
  __device__ ~Base() { log->put(8); }
};
struct Derived : Base {
  Member m;
  __device__ Derived(Log *l) : Base(l) { m.log = l; }
  __device__ ~Derived() { log->put(6); }
};
template <class T> struct Holder {
  T *slot;
  T v;
  __device__ Holder(T *s, T x) : slot(s), v(x) {}
  __device__ ~Holder() { *slot += v; }
};
__device__ Guard make(Log *l, int i) { return Guard(l, i); }
__device__ int early(Log *l, int x) {
  Guard a(l, 1);
  if (x > 0) {
    Guard b(l, 2);
    return x + l->n;   // computed before b and a are destroyed
  }
  return -1;
}
__global__ void dtors(int *out, int *sum) {
  int t = threadIdx.x;
  Log log{out + 32 * t, 0};
  {
    Guard a(&log, 1);
    Guard b(&log, 2);
  }                                   // 2 1
  for (int i = 0; i < 4; i++) {
    Guard g(&log, 3);
    if (i == 1) continue;             // 3
    if (i == 2) break;                // 3
    log.put(0);                       // 0 3
  }
  log.put(early(&log, t + 1) % 10);   // 2 1 then the value
  { Derived d(&log); }                // 6 7 8
  { Guard m = make(&log, 4); }        // 4
  { Guard c = Guard(&log, 5); }       // 5
  switch (t & 1) {
  case 0: {
    Guard s(&log, 9);
    break;                            // 9
  }
  default:
    log.put(1);
  }
  { Holder<int> h(&sum[t], t); }
  sum[t] += log.n;
}
// CHECK: .visible .entry _Z5dtorsPiS_(
