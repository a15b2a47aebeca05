// A member alias named as the class template it aliases (`using WarpScan = WarpScan<T, N>;` in
// CUB's BlockScanRaking), when the member it names is a typedef of the template (`WarpScan`'s
// `using TempStorage = Uninitialized<_TempStorage>;`), directly in the class and in a class
// nested in it: the alias's class's typedef, not an undefined member of the template.
// ARGS: -arch=sm_80 -O3 -std=c++17
namespace ns {
template <class T> struct Uninit {
  T storage;
};
template <class T, int N> class WS {
  struct _TS {
    T buf[N];
  };

public:
  using TempStorage = Uninit<_TS>;
};
namespace detail {
template <class T, int N> struct BR {
  using WS = WS<T, N / 2>;
  typename WS::TempStorage direct;
  struct _TS {
    typename WS::TempStorage warp_scan;
    T agg;
  };
};
} // namespace detail
} // namespace ns
__global__ void k(int *out) {
  __shared__ ns::detail::BR<int, 8>::_TS t;
  t.warp_scan.storage.buf[1] = 3;
  t.agg = 4;
  out[0] = t.warp_scan.storage.buf[1] + t.agg;
  out[1] = sizeof(t);
  using B16 = ns::detail::BR<int, 16>;
  out[2] = sizeof(B16);
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 7;
// CHECK: st.global.b32 [%rd2+4], 20;
// CHECK: st.global.b32 [%rd2+8], 32;
