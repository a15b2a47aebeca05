// Inherited constructor templates: `using B::B;` (directly, through a member alias `using
// __base::__base;`, over a chain of bases as libcu++'s `optional` has) makes a base's
// constructor templates constructors of the derived class (`in_place_t` first, a pack after).
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
struct in_place_t { explicit in_place_t() = default; };
template <class T> __device__ T&& fwd(T& t) { return static_cast<T&&>(t); }
template <class T> struct storage {
  T v; bool e;
  __device__ constexpr storage() : v(), e(false) {}
  template <class... A> __device__ constexpr explicit storage(in_place_t, A&&... a) : v(fwd<A>(a)...), e(true) {}
};
template <class T> struct copy_base : storage<T> { using __base = storage<T>; using __base::__base; };
template <class T> struct move_base : copy_base<T> { using __base = copy_base<T>; using __base::__base; };
template <class T, int K> struct move_assign_base : move_base<T> { using __base = move_base<T>; using __base::__base; };
template <class T> struct opt : move_assign_base<T, 2> {
  using __base = move_assign_base<T, 2>;
  template <class U> __device__ constexpr opt(U&& v) : __base(in_place_t{}, fwd<U>(v)) {}
};
template <class T> struct cb1 : storage<T> { using storage<T>::storage; };
struct st2 { int v; template <class A, class B> __device__ st2(A a, B b) : v(a * 10 + b) {} };
struct cb2 : st2 { using st2::st2; };
template <class T> struct cb3 : st2 { using st2::st2; };
__global__ void kern(int *o) {
  int x = o[8];
  opt<int> a(x);
  o[0] = a.v + (a.e ? 100 : 0);
  opt<int> b(5);
  o[1] = b.v + (b.e ? 100 : 0);
  cb1<int> c(in_place_t{}, 3);
  o[2] = c.v;
  copy_base<int> d(in_place_t{}, x);
  o[3] = d.v * 2;
  cb2 e(4, 5);
  o[4] = e.v;
  cb3<int> f(x, 6);
  o[5] = f.v;
  move_base<int> g;
  o[6] = g.v + (g.e ? 100 : 0);
}
// CHECK: .entry _Z4kernPi(
// CHECK: st.global.b32 [%rd2+4], 105;
// CHECK: st.global.b32 [%rd2+8], 3;
// CHECK: st.global.b32 [%rd2+16], 45;
// CHECK: st.global.b32 [%rd2+24], 0;
