// A friend function defined in its class is in the class's scope ([class.friend]/7): its body
// names the class's members unqualified (static data and functions, also private ones, ones
// declared after it, and a base's) before the names of the enclosing namespace: `nan` is the
// member, not the math function, and `scale` the private member, not the global one.
__device__ int scale(int x) { return 1000 * x; }
struct Base {
  static const int bias = 7;
};
struct H : Base {
  unsigned short v;
  static const unsigned short nan = 0x7e00;
  friend __device__ int pick(H a, H b) {
    int r;
    if (eq(a, b))
      r = nan;
    else
      r = a.v;
    return r + scale(bias);
  }
  __device__ explicit H(unsigned short x) : v(x) {}

private:
  static __device__ int scale(int x) { return 2 * x; }
  static __device__ bool eq(H a, H b) { return a.v == b.v; }
};
__global__ void friend_scope(int *out) {
  int t = threadIdx.x;
  out[t] = pick(H(t), H(t % 4 ? t : 99)) + scale(0);
}
// CHECK: .visible .entry _Z12friend_scopePi(
// CHECK-NOT: _Z5scalei
// CHECK: 32270
