// Variable templates declared `auto` and of class type, named in device code (CUB's
// `detail::bool_constant_v<B>` passed by value to select an overload), and a local class with
// a base class (CUB's BlockStore: `struct _TempStorage : block_exchange::TempStorage {...}`
// returned from a `constexpr auto` helper whose type the class template names).
// ARGS: -arch=sm_80 -O3
template <bool B>
struct tag {
  static constexpr bool value = B;
};
template <bool B>
inline constexpr auto tag_v = tag<B>{};
template <int N>
inline constexpr auto twice_v = N * 2;
template <bool B>
inline constexpr tag<!B> not_v = tag<!B>{};
__device__ int pick(tag<true>) { return 1; }
__device__ int pick(tag<false>) { return 2; }
extern "C" __global__ void var_template_auto_k(int* o) {
  o[threadIdx.x] = pick(tag_v<true>) * 1000 + pick(tag_v<false>) * 100 + twice_v<3> * 10 + pick(not_v<true>);
}
// CHECK: .entry var_template_auto_k(
// CHECK: 1262;
struct Words {
  int w[3];
};
template <int A>
struct Store {
  __host__ __device__ static constexpr auto helper() {
    if constexpr (A == 0) {
      return 0;
    } else {
      struct Storage : Words {
        volatile int valid;
      };
      return Storage{};
    }
  }
  using TempStorage = decltype(helper());
  TempStorage& ts;
  __device__ Store(TempStorage& t) : ts(t) {}
  __device__ void set(int v) {
    ts.valid = v;
    ts.w[threadIdx.x % 3] = v;
  }
};
extern "C" __global__ void local_class_base_k(int* o) {
  __shared__ Store<1>::TempStorage s;
  if (threadIdx.x == 0) {
    Store<1>(s).set(3);
    o[0] = s.valid + s.w[0] * 10 + (int)sizeof(s) * 100;
  }
}
// CHECK: .entry local_class_base_k(
// CHECK: 1630;
