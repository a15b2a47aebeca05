// ARGS: -arch=sm_80 -std=c++17
// A kernel template whose parameters name member types of dependent specializations
// (`typename Tr<T>::ptr`, `typename Tr<T>::In::val`): its entry is named as nvcc names it,
// with the types as written (`N2TrIT_E3ptrE`), so the host side finds it; the member types are
// the instance's (`double*`, `double`).
template <class T> struct Tr { using ptr = T*; struct In { using val = T; }; };
template <class T> __global__ void fill(typename Tr<T>::ptr out, typename Tr<T>::In::val v) { out[threadIdx.x] = v + 1; }
template __global__ void fill<double>(double*, double);
template __global__ void fill<int>(int*, int);
// CHECK: .entry _Z4fillIdEvN2TrIT_E3ptrENS2_2In3valE(
// CHECK: add.f64
// CHECK: st.global.b64
// CHECK: .entry _Z4fillIiEvN2TrIT_E3ptrENS2_2In3valE(
// CHECK: add.s32
// CHECK: st.global.b32
