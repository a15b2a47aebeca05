// Namespace-scope objects of classes with constructors: `T x(args)` is a direct-initialization
// (not a function declaration) when its arguments can only be expressions; `T x{args}`,
// `T x(args)` and a member's or element's `{args}` call the constructor (the class is not an
// aggregate); without an initializer, or with `{}`, a user-provided constexpr default
// constructor runs. The values are nvcc's bytes.
struct P {
  float x, y;
  __host__ __device__ constexpr P(float a, float b) : x(b), y(a + 1.0f) {}
};
struct D {
  int v;
  __host__ __device__ constexpr D() : v(7) {}
};
struct Q {
  P p;
  int n;
};
constexpr int base = 40;
struct Tag {};
__device__ P make(Tag());  // the vexing parse stays a function declaration
__device__ int declared(int);
constexpr P folded(1.5f, 2.5f);
__device__ P braced{1.0f, 2.0f};
__device__ P paren(3.0f, 4.0f);
__device__ int counter(base + 2);
__device__ Q agg = {{5.0f, 6.0f}, 3};
__device__ D deflt;
__device__ D value{};
__device__ D darr[2];
__constant__ P table[2] = {{1.0f, 2.0f}, {5.0f, 6.0f}};

__global__ void global_ctor_init(const int *in, float *out) {
  int t = threadIdx.x;
  float x = in[t];
  float *o = out + 8 * t;
  o[0] = folded.x * x + folded.y;
  o[1] = braced.x + braced.y * x;
  o[2] = paren.x - paren.y;
  o[3] = counter + x;
  o[4] = agg.p.x + agg.p.y + agg.n;
  o[5] = deflt.v + value.v * 10 + darr[1].v * 100;
  o[6] = table[1].x * x + table[0].y;
}
// CHECK-NOT: make
// CHECK: .global .align 4 .b8 braced[8] = {0, 0, 0, 64, 0, 0, 0, 64};
// CHECK: .global .align 4 .b8 paren[8] = {0, 0, 128, 64, 0, 0, 128, 64};
// CHECK: .global .align 4 .u32 counter = 42;
// CHECK: .global .align 4 .b8 agg[12] = {0, 0, 192, 64, 0, 0, 192, 64, 3};
// CHECK: .global .align 4 .b8 deflt[4] = {7};
// CHECK: .global .align 4 .b8 value[4] = {7};
// CHECK: .global .align 4 .b8 darr[8] = {7, 0, 0, 0, 7};
// CHECK: .const .align 4 .b8 table[16] = {0, 0, 0, 64, 0, 0, 0, 64, 0, 0, 192, 64, 0, 0, 192, 64};
// CHECK: .visible .entry _Z16global_ctor_initPKiPf(
