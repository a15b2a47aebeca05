// Private and protected inheritance: `class D : B` is private, `struct D : B` public. Members of
// a non-public base used through the derived class from outside, and derived-to-base
// conversions outside the derived class, are refused; the derived class's own members may use
// them.
struct B {
  int x;
  __device__ int get() const { return x; }
};
class PrivD : B {
public:
  __device__ PrivD(int a) { x = a; }
  __device__ int own() const { return x + get(); }
  __device__ const B *base() const { return this; }
};
struct ProtD : protected B {
  __device__ int own() const { return x; }
};
struct PubD : B {};
struct PrivS : private B {};
__global__ void k(int *p) {
  PrivD a(p[0]);
  ProtD b;
  PubD c;
  PrivS d;
  p[1] = a.own() + b.own() + c.x + c.get();
  p[2] = a.x;
  p[3] = a.get();
  p[4] = b.x;
  p[5] = d.x;
  const B *q = &a;
  const B &r = b;
  p[6] = q->x + r.x + a.base()->x;
}
