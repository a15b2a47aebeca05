// `friend` declarations: a friend function declared in the class and defined outside it, friend
// functions defined in the class (hidden friends, here operators found through the operands'
// class), and friend classes, all using private members.
class F {
  int v;
  friend __device__ int peek(F f);
  friend class Inspector;
  friend struct Maker;
  friend __device__ F operator+(F a, F b) {
    F r(0);
    r.v = a.v + b.v;
    return r;
  }
  friend __device__ bool operator<(const F &a, const F &b) { return a.v < b.v; }

public:
  __device__ explicit F(int x) : v(x) {}
};
__device__ __noinline__ int peek(F f) { return f.v * 10; }
class Inspector {
public:
  __device__ int twice(const F &f) const { return 2 * f.v; }
  static __device__ int raw(F *f) { return f->v; }
};
struct Maker {
  static __device__ F make(int x) {
    F f(0);
    f.v = x + 100;
    return f;
  }
};
__global__ void friends(int *out) {
  int t = threadIdx.x;
  int *o = out + 4 * t;
  F a(t), b(3);
  F c = a + b;
  o[0] = peek(c);
  Inspector in;
  o[1] = in.twice(c) + Inspector::raw(&a);
  o[2] = peek(Maker::make(t));
  o[3] = (a < b) ? 1 : 0;
}
// CHECK: .visible .entry _Z7friendsPi(
// CHECK: call.uni (retval0), _Z4peek1F,
