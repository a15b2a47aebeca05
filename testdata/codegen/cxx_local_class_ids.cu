// Classes defined in function bodies as template arguments. Two local structs of one kernel are
// arguments of the same class template (members of different sizes); a member function's local
// struct is its deduced return type, named through `decltype` by the class (CUB's BlockStore
// `temp_storage_helper` idiom), and wrapped by another class template. Instances asked for in
// later rounds of the def map's fixed point must not make these name another class.
template <typename T> struct Box {
  T value;
  static constexpr int SIZE = sizeof(T);
  __device__ int size() const { return SIZE; }
  __device__ T& get() { return value; }
};

template <typename T, int N> struct Store {
  __device__ static constexpr auto helper() {
    struct Slot { T items[N]; int valid; };
    return Slot{};
  }
  using Slot = decltype(helper());
  struct Storage : Box<Slot> {};
  Slot& slot;
  __device__ Store(Storage& st) : slot(st.get()) {}
  __device__ int put(T v, int i) {
    slot.items[i] = v;
    slot.valid = i + 1;
    return (int)sizeof(Slot);
  }
  __device__ T at(int i) const { return slot.items[i] + T(slot.valid); }
};

template <typename T>
__global__ void two_locals(const T* in, T* out, int* sizes) {
  struct Small { char c; };
  struct Large { T a[5]; double d; };
  Box<Small> bs;
  Box<Large> bl;
  int t = threadIdx.x;
  bs.get().c = (char)(t & 7);
  bl.get().a[4] = in[t];
  bl.get().d = 0.5;
  __shared__ typename Store<T, 3>::Storage st3;
  __shared__ typename Store<T, 9>::Storage st9;
  int s3 = 0, s9 = 0;
  if (t == 0) s3 = Store<T, 3>(st3).put(in[1], 2);
  if (t == 1) s9 = Store<T, 9>(st9).put(in[2], 8);
  __syncthreads();
  out[t] = bl.get().a[4] * T(2) + T(bs.get().c) + T(bl.get().d * 2.0) + Store<T, 3>(st3).at(2) +
           Store<T, 9>(st9).at(8);
  if (t == 0) {
    sizes[0] = bs.size();
    sizes[1] = bl.size();
    sizes[2] = s3;
    sizes[3] = (int)sizeof(st3);
    sizes[4] = (int)sizeof(st9);
  }
  if (t == 1) sizes[5] = s9;
}

template __global__ void two_locals<float>(const float*, float*, int*);
template __global__ void two_locals<int>(const int*, int*, int*);
// Each instance's storage has its own local Slot: 3 and 9 elements plus the count.
// CHECK: .shared .align 4 .b8 _ZZ10two_localsIfEvPKT_PS0_PiE3st3[16];
// CHECK: .shared .align 4 .b8 _ZZ10two_localsIfEvPKT_PS0_PiE3st9[40];
// CHECK: .visible .entry _Z10two_localsIfEvPKT_PS0_Pi(
// CHECK: .visible .entry _Z10two_localsIiEvPKT_PS0_Pi(
