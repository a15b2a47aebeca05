// A member alias named as the class template it aliases (`using WS = WS<T, N / 2>;`, CUB's
// BlockScanRaking `using WarpScan = WarpScan<T, RAKING_THREADS>;`): in the class, `typename
// WS::TempStorage` is a member of the class the alias names, not the template's nested class.
// ARGS: -arch=sm_80 -O3 -std=c++17
namespace ns {
template <class T, int N> struct WS {
  struct TempStorage {
    T buf[N];
  };
};
template <class T, int N> struct BR {
  using WS = WS<T, N / 2>;
  struct _TS {
    typename WS::TempStorage warp_scan;
    T agg;
  };
  _TS &ts;
  __device__ BR(_TS &t) : ts(t) {}
  __device__ T get() { return ts.warp_scan.buf[1] + ts.agg; }
};
} // namespace ns
__global__ void k(int *out) {
  __shared__ ns::BR<int, 8>::_TS t;
  t.warp_scan.buf[1] = 3;
  t.agg = 4;
  out[0] = ns::BR<int, 8>(t).get();
  out[1] = sizeof(t);
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 7;
// CHECK: st.global.b32 [%rd2+4], 20;
