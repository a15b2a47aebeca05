// Member templates of class template partial specializations (libcu++ 3.1's `tuple` shapes):
// the same member variable template declared in two partial specializations (`__tuple_leaf`'s
// `__can_bind_reference`), and member function templates whose signature names the class's
// packs (`__tuple_cat<tuple<_Types...>, ...>::operator()(tuple<_Types...>, _Tuple0&&)`), also
// in a class template nothing instantiates. Values are nvcc's.
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
enum class K { a, b };
template <class H> constexpr K choose() { return sizeof(H) > 4 ? K::b : K::a; }
template <int I, class H, K = choose<H>()> class leaf;
template <int I, class H> class leaf<I, H, K::a> {
  H v_;
  template <class U> static constexpr bool can = true;
public:
  __device__ leaf(H h) : v_(h) { static_assert(can<H &&>, "binds"); }
  __device__ H get() const { return can<int> ? v_ + 1 : v_; }
};
template <int I, class H> class leaf<I, H, K::b> {
  H v_;
  template <class U> static constexpr bool can = true;
public:
  __device__ leaf(H h) : v_(h) {}
  __device__ H get() const { return can<int> ? v_ * 2 : v_; }
};
template <class... T> struct tup {};
template <unsigned long... I> struct idx {};
template <class A, class B> struct ret { using type = int; };
template <class A, class B, class C> struct cat;
template <class... Ts, unsigned long... I0, unsigned long... J0>
struct cat<tup<Ts...>, idx<I0...>, idx<J0...>> {
  template <class T0>
  __device__ typename ret<tup<Ts...> &&, T0 &&>::type operator()(tup<Ts...>, T0 &&t0) {
    return int(sizeof...(Ts) * 100 + sizeof...(I0) * 10 + sizeof...(J0)) + t0;
  }
  template <class T0, class T1, class... Rest>
  __device__ int operator()(tup<Ts...>, T0 &&t0, T1 &&t1, Rest &&...) {
    return int(sizeof...(Rest) * 1000) + t0 + t1;
  }
};
template <class... Ts> struct never {
  template <class T0> __device__ int f(tup<Ts...>, T0) { return 1; }
};
__global__ void k(int *out) {
  leaf<0, int> a(5);
  leaf<1, long long> b(7);
  out[0] = a.get();
  out[1] = int(b.get());
  out[2] = cat<tup<int, char>, idx<0, 1>, idx<0, 1, 2>>()(tup<int, char>(), 5);
  out[3] = cat<tup<>, idx<>, idx<0>>()(tup<>(), 1, 2, 3, 4);
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 6;
// CHECK: st.global.b32 [%rd2+4], 14;
// CHECK: st.global.b32 [%rd2+8], 228;
// CHECK: st.global.b32 [%rd2+12], 2003;
