// Reference members, as CUB's block primitives hold their shared storage (`_TempStorage&
// temp_storage;`): the field holds the referent's address, a mem-initializer binds it, and each
// use (`temp_storage.x`, `this->r`, `obj.r`) is the referent. Inline namespaces are transparent to
// names (`lib::Acc` for `lib::v2::Acc`) but part of the symbols (`_ZN3lib2v2...`), and a member
// variable template of a class template (`is_multiple<int>`) is usable in its member aliases;
// unscoped enumerators are members of their namespace (`lib::Slow`, as `cub::BLOCK_LOAD_DIRECT`).
namespace lib {
inline namespace v2 {
template <bool B, class T, class F> struct If { using type = T; };
template <class T, class F> struct If<false, T, F> { using type = F; };
template <class T> struct Acc {
  struct Storage { T vals[32]; };
  Storage &temp;
  const T &bias;
  int lane;
  __device__ Acc(Storage &s, const T &b) : temp(s), bias(b), lane(threadIdx.x) {}
  __device__ __noinline__ T put(T v) {
    temp.vals[lane] = v + bias;
    __syncwarp();
    return this->temp.vals[31 - lane];
  }
  template <class U> static constexpr bool is_multiple = sizeof(T) % sizeof(U) == 0;
  using Word = typename If<is_multiple<long long>, unsigned long long, typename If<is_multiple<int>, unsigned, char>::type>::type;
};
namespace detail {
__device__ __noinline__ int twice(int x) { return 2 * x; }
}
enum Mode { Fast, Slow };
template <Mode M> struct Tag { static constexpr int v = M * 1000; };
}
}

__global__ void ref_members(int *io, float *fo) {
  __shared__ lib::Acc<int>::Storage si;
  __shared__ lib::Acc<float>::Storage sf;
  int bias = io[32];
  lib::Acc<int> a(si, bias);
  int t = threadIdx.x;
  int r = a.put(io[t]);
  io[t] = lib::detail::twice(r) + a.lane + sizeof(typename lib::Acc<short>::Word) + 10 * sizeof(typename lib::Acc<int>::Word) + 100 * sizeof(typename lib::Acc<double>::Word) +
          lib::Tag<lib::Slow>::v;
  float fb = 0.5f;
  lib::Acc<float> b(sf, fb);
  fo[t] = b.put(fo[t]) + b.temp.vals[t];
}
// CHECK: .visible .entry _Z11ref_membersPiPf(
// CHECK-COUNT-2: _ZN3lib2v23AccIiE3putEi(
// CHECK-COUNT-2: _ZN3lib2v23AccIfE3putEf(
// CHECK-COUNT-2: _ZN3lib2v26detail5twiceEi(
