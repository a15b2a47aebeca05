// The members of a class template specialization are declared in declaration order: a member
// alias may name a nested class defined before it complete (`Uninit<_Storage>` takes its
// `sizeof`), a static data member declared before it (`Arr<N>`), and a static member function
// declared before it (`decltype(helper())`, its return type deduced), as CUB's `TempStorage`
// aliases do.
template <typename T> struct Uninit {
  static constexpr unsigned long SIZE = sizeof(T);
  static constexpr unsigned long WORDS = (SIZE + sizeof(int) - 1) / sizeof(int);
  static_assert(WORDS * sizeof(int) >= SIZE);
  int storage[WORDS];
  __device__ T &alias() { return reinterpret_cast<T &>(*this); }
};
template <int N> struct Arr { int a[N]; };
struct Empty {};
template <typename T, int B, bool Big> class Block {
  static constexpr int ITEMS = B * 2;
  struct _Storage { T buff[ITEMS + 1]; };
  __host__ __device__ static constexpr auto helper() {
    if constexpr (Big) return _Storage{};
    else return Empty{};
  }
  using _Picked = decltype(helper());
public:
  using Words = Arr<ITEMS>;
  using TempStorage = Uninit<_Picked>;
  _Picked &s;
  __device__ Block(TempStorage &t) : s(t.alias()) {}
};

__global__ void member_order(int *out) {
  __shared__ Block<float, 8, true>::TempStorage big;
  __shared__ Block<int, 4, false>::TempStorage small;
  Block<float, 8, true>::Words words;
  Block<float, 8, true> b(big);
  b.s.buff[threadIdx.x % 17] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = sizeof(big) + sizeof(small) * 100 + sizeof(words) * 1000 + (int)big.alias().buff[threadIdx.x % 17];
}
// CHECK: .visible .entry _Z12member_orderPi(
