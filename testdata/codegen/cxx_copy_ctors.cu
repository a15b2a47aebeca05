// User-provided copy constructors run for `T b = a;`, `T b(a);` and `T b{a};`; copy assignment
// calls the user's operator=; an object with a destructor but an implicit copy constructor is
// copied member-wise and both copies are destroyed.
struct C {
  int v;
  int *count;
  __device__ C(int x, int *c) : v(x), count(c) {}
  __device__ C(const C &o) : v(o.v + 10), count(o.count) { (*count)++; }
  __device__ C &operator=(const C &o) {
    v = o.v + 100;
    count = o.count;
    return *this;
  }
};
struct D {
  int *p;
  int id;
  __device__ ~D() { p[id] += 1; }
};
__global__ void copies(int *out) {
  int t = threadIdx.x;
  int n = 0;
  C a(t, &n);
  C b = a;
  C c(b);
  C d{c};
  c = a;
  int *o = out + 8 * t;
  o[0] = b.v;
  o[1] = c.v;
  o[2] = d.v;
  o[3] = n;
  {
    D x{o, 4};
    D y = x;
    y.id = 5;
  }
}
// CHECK: .visible .entry _Z6copiesPi(
