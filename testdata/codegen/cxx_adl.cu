// Argument-dependent lookup ([basic.lookup.argdep]): unqualified calls find functions of the
// namespaces associated with the arguments' types (the class's, its bases', its template
// arguments'), and hidden friends (friend functions defined in a class, here in a class, a
// class template and an explicit specialization) are declared per specialization and found that way.
namespace geo {
struct Pt {
  int x;
  friend __device__ __noinline__ int norm1(Pt p) { return p.x < 0 ? -p.x : p.x; }
};
struct Derived : Pt {};
__device__ __noinline__ int area(const Pt &p) { return p.x * p.x; }
template <class T> class Box {
  T v;

public:
  __device__ explicit Box(T x) : v(x) {}
  friend __device__ __noinline__ T unbox(const Box &b) { return b.v; }
  friend __device__ __noinline__ bool operator==(const Box &a, const Box &b) { return a.v == b.v; }
};
template <class T> struct Tag;
template <> class Tag<int> {
  int secret = 7;
  friend __device__ __noinline__ int open(Tag *t, int add = 1) { return t->secret + add; }
};
}  // namespace geo
namespace wrap {
template <class T> struct Holder { T t; };
}
__device__ __noinline__ int peek(wrap::Holder<geo::Pt> h) { return h.t.x; }
namespace geo {
__device__ __noinline__ int peek2(wrap::Holder<Pt> h) { return h.t.x + 1; }
}
__global__ void adl(int *out) {
  int t = threadIdx.x;
  int *o = out + 8 * t;
  geo::Pt p{t - 3};
  o[0] = norm1(p);
  o[1] = area(geo::Derived{{t}});
  geo::Box<int> bi(t), bj(4);
  o[2] = unbox(bi);
  o[3] = bi == bj;
  geo::Box<float> bf(1.5f);
  o[4] = (int)unbox(bf);
  geo::Tag<int> tag;
  o[5] = open(&tag);
  wrap::Holder<geo::Pt> h{{t}};
  o[6] = peek2(h);
  o[7] = peek(h);
}
// Symbols as nvcc names them (a hidden friend of a specialization is an ordinary function).
// CHECK: .visible .entry _Z3adlPi(
// CHECK: _ZN3geo5norm1ENS_2PtE
// CHECK: _ZN3geo4areaERKNS_2PtE
// CHECK: _ZN3geo5unboxERKNS_3BoxIiEE
// CHECK: _ZN3geoeqERKNS_3BoxIiEES3_
// CHECK: _ZN3geo5unboxERKNS_3BoxIfEE
// CHECK: _ZN3geo4openEPNS_3TagIiEEi
// CHECK: _ZN3geo5peek2EN4wrap6HolderINS_2PtEEE
// CHECK: _Z4peekN4wrap6HolderIN3geo2PtEEE
