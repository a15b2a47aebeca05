// Pack expansions of type-ids (`tup<T&...>`: the `...` expands the pattern `T&`, it declares
// no parameter pack), pack expansions among a functional cast's arguments (`Sum(t...)`), a
// member function template's default argument naming its namespace's constant, and a
// statement that starts with a functional cast of a template-id (`Ref<int>(*p)++;`, an
// expression, not a declaration; its postfix `++` is the class's `operator++(int)`).
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
namespace lib {
constexpr int kDefault = 3;
template <class... T> struct tup {
  static constexpr int size = sizeof...(T);
};
template <class... T> __host__ __device__ tup<T&...> refs(T&... t) { return tup<T&...>(); }
template <class... T> __host__ __device__ tup<const T*...> ptrs(const T*... t) { return {}; }
struct Sum {
  int v;
  template <class... A> __host__ __device__ Sum(A... a) : v((0 + ... + a)) {}
};
template <class... T> __host__ __device__ int sum(T... t) { return Sum(t...).v; }
template <class T> struct Ref {
  T *p;
  __host__ __device__ explicit Ref(T &r) : p(&r) {}
  __host__ __device__ T operator++(int) { return (*p)++; }
};
struct Box {
  int x;
  template <int A, int B = kDefault> __host__ __device__ int get() const { return x * A + B; }
};
}  // namespace lib

__global__ void k(int *o) {
  int a = 1, b = 2;
  float c = 3;
  using R = decltype(lib::refs(a, b, c));
  using P = decltype(lib::ptrs(&a, &c));
  o[0] = R::size + P::size;
  o[1] = lib::sum(1, 2, 3, 4);
  o[2] = lib::Box{5}.get<2>();
  lib::Ref<int>(o[3])++;
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 5;
// CHECK: st.global.b32 [%rd2+4], 10;
// CHECK: st.global.b32 [%rd2+8], 13;
// CHECK: add.s32 %r2, %r1, 1;
