// Default member initializers (C++11/14): run by constructors without a mem-initializer for the
// member (after the bases, in declaration order), by the implicit and `= default` default
// constructors, and by aggregate initialization for the members not given; in class templates
// with the specialization's arguments; constant initialization of globals; constexpr.
// Bit-field initializers (C++20) are in cxx_nsdmi_bitfields.cu.
struct Inner {
  int a;
  __device__ Inner(int x) : a(x * 3) {}
};
struct Holder {
  Inner in{9};
  int q = 2;
};
struct Agg {
  int v = 4;
  float w{2.5f};
  int *p = nullptr;
  int z;
};
struct Ctor {
  int a = 10;
  int b = a + 1;
  int c{b * 2};
  Inner in{5};
  int &r = a;
  __device__ Ctor() {}
  __device__ Ctor(int x) : b(x) {}
};
struct Def {
  int k = 7;
  Def() = default;
};
struct Base {
  int bv = 100;
};
struct Derived : Base {
  int dv = 3;
  __device__ Derived(int x) : dv(x) {}
  __device__ Derived() {}
};
template <class T, int N> struct Tmpl {
  T t = T(N) * 2;
  int n = sizeof(T) + N;
};
template <class T> struct TD {
  using U = T;
  U u = U(3) + 1;
};
struct Cnt {
  int n = 40;
  int m = 2;
};
union U {
  int i = 42;
  float f;
};
struct WithThis {
  int a = 5;
  int *self = &a;
  int twice = this->a * 2;
};
constexpr int five = 5;
struct CE {
  int v = five;
  int w = 2;
};
static_assert(CE{}.v == 5, "");
static_assert(CE{3}.w == 2, "");
struct CC {
  int a = 3;
  int b = a * 2;
  __host__ __device__ constexpr CC() {}
  __host__ __device__ constexpr CC(int x) : a(x) {}
};
static_assert(CC().b == 6, "");
static_assert(CC(7).b == 14, "");
struct GA {
  int v = 4;
  float w = 1.5f;
};
__device__ GA g_agg;
__constant__ CE g_ce;
__global__ void nsdmi(const int *in, int *out) {
  int t = threadIdx.x;
  int x = in[t];
  int *o = out + 20 * t;
  Agg a;
  o[0] = a.v + (int)(a.w * 2) + (a.p == nullptr);
  Agg b{x};
  o[1] = b.v + (int)(b.w * 2) + b.z + (b.p == nullptr);
  Agg c = {};
  o[2] = c.v + c.z;
  Ctor d;
  o[3] = d.a + d.b + d.c + d.in.a + d.r;
  Ctor e(x);
  o[4] = e.a + e.b + e.c + e.in.a + e.r;
  Def f;
  o[5] = f.k;
  Derived h;
  o[6] = h.bv + h.dv;
  Derived i(x);
  o[7] = i.bv + i.dv;
  Tmpl<float, 3> j;
  o[8] = (int)j.t + j.n;
  Tmpl<short, 2> k{};
  o[9] = k.t + k.n;
  U u;
  o[10] = u.i;
  WithThis w;
  o[11] = *w.self + (w.self == &w.a) + w.twice;
  o[12] = Agg().v + Agg{}.v + CE().v + CE{x}.v;
  o[13] = g_agg.v + (int)g_agg.w + g_ce.v + g_ce.w;
  o[14] = CC(x).b + CC().b;
  o[15] = 19;
  Holder hd{};
  o[16] = hd.in.a + hd.q;
  static Cnt cnt;
  TD<int> td;
  o[17] = cnt.n + cnt.m + td.u;
}
// CHECK: .global .align 4 .b8 g_agg[8] = {4, 0, 0, 0, 0, 0, 192, 63};
// CHECK: .const .align 4 .b8 g_ce[8] = {5, 0, 0, 0, 2};
// CHECK: .visible .entry _Z5nsdmiPKiPi(
