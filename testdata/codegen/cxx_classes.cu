// C++ classes: constructors with member initializer lists, const member functions, `this`,
// implicit member access, member and free operators, a static member function, a functor's
// operator(), operator[], block-scope `using`. Non-inlined members show nvcc's mangled names.
namespace geo {
struct v2 {
  float x, y;
  __device__ v2() : x(0), y(0) {}
  __device__ v2(float a, float b) : x(a), y(b) {}
  __device__ __noinline__ v2 operator+(const v2 &o) const { return v2(x + o.x, y + o.y); }
  __device__ v2 operator-() const { return v2(-x, -y); }
  __device__ v2 &operator+=(const v2 &o) { x += o.x; y += o.y; return *this; }
  __device__ __noinline__ float dot(const v2 &o) const { return x * o.x + this->y * o.y; }
  __device__ float &operator[](int i) { return i == 0 ? x : y; }
  static __device__ __noinline__ int dims() { return 2; }
};
__device__ __noinline__ v2 operator*(float s, const v2 &v) { return v2(s * v.x, s * v.y); }
__device__ bool operator==(const v2 &a, const v2 &b) { return a.x == b.x && a.y == b.y; }
} // namespace geo

struct Scale {
  float k;
  __device__ Scale(float k) : k(k) {}
  __device__ float operator()(float v) const { return k * v; }
};

__global__ void classes(const float *in, float *out) {
  using geo::v2;
  int i = threadIdx.x;
  v2 a(in[2 * i], in[2 * i + 1]);
  v2 acc;
  acc += a + v2(1.0f, 2.0f);
  acc += -a;
  v2 b = 2.0f * acc;
  Scale s(0.5f);
  b[1] = s(b[1]);
  out[3 * i] = b.dot(a) + v2::dims();
  out[3 * i + 1] = b == a ? 1.0f : 0.0f;
  out[3 * i + 2] = b[0];
}
// CHECK: .func  (.param .align 4 .b8 func_retval0[8]) _ZNK3geo2v2plERKS0_(
// CHECK: .func  (.param .b32 func_retval0) _ZNK3geo2v23dotERKS0_(
// CHECK: .func  (.param .b32 func_retval0) _ZN3geo2v24dimsEv()
// CHECK: .func  (.param .align 4 .b8 func_retval0[8]) _ZN3geomlEfRKNS_2v2E(
// CHECK: .visible .entry _Z7classesPKfPf(
// CHECK: call.uni (retval0), _ZNK3geo2v2plERKS0_, (param0, param1);
// CHECK: call.uni (retval0), _ZN3geomlEfRKNS_2v2E, (param0, param1);
// CHECK: call.uni (retval0), _ZNK3geo2v23dotERKS0_, (param0, param1);
// CHECK: call.uni (retval0), _ZN3geo2v24dimsEv, ();
