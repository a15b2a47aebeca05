// ARGS: -arch=sm_80 -O3 -std=c++17
// `Q::rank()` and `Q::extent(r)` calling static member functions whose names are also types
// declared elsewhere (libstdc++'s `std::rank` and `std::extent`, which the CUDA headers bring
// in; libcu++'s `extents_type::rank()`), `Q` a class, a typedef of a class template
// specialization or a member typedef.
namespace other {
template <class T> struct rank {};
struct extent {};
} // namespace other

template <class I, int... E> struct ext {
  __device__ static constexpr int rank() noexcept { return sizeof...(E); }
  __device__ static int extent(int r) {
    int vals[] = {E...};
    return vals[r];
  }
};

struct P {
  __device__ static int rank() { return 7; }
};

template <class E> struct mapping {
  using extents_type = E;
  __device__ int size() const { return extents_type::rank() * 100 + extents_type::extent(0); }
};

using X = ext<int, 4, -1, 16>;

__global__ void members_named_like_types(int *out, int r) {
  out[0] = X::rank();
  out[1] = X::extent(r);
  out[2] = ext<long, 3>::rank();
  out[3] = P::rank();
  out[4] = mapping<X>().size();
}

// CHECK: .visible .entry _Z24members_named_like_typesPii(
// CHECK: st.global.b32 [%rd2], 3;
// CHECK: st.global.b32 [%rd2+8], 1;
// CHECK: st.global.b32 [%rd2+12], 7;
// CHECK: st.global.b32 [%rd2+16], 304;
