// wchar_t, char16_t and char32_t are builtin types (sizes 4/2/4, Itanium codes w/Ds/Di), the
// types of L'', u'' and U'' literals, and promote as C++ says (char32_t to unsigned int).
// ARGS: -arch=sm_80 -O3
__device__ int size_sum() { return sizeof(wchar_t) * 100 + sizeof(char16_t) * 10 + sizeof(char32_t); }
template <class T> __device__ int tag(T) { return 0; }
template <> __device__ int tag<wchar_t>(wchar_t) { return 1; }
template <> __device__ int tag<char16_t>(char16_t) { return 2; }
template <> __device__ int tag<char32_t>(char32_t) { return 3; }
__global__ void chars(int *p, wchar_t *w, char16_t *a, char32_t *b) {
  p[0] = size_sum();
  p[1] = tag(L'a') * 100 + tag(u'b') * 10 + tag(U'c') + tag(1) * 1000;
  p[2] = (U'\xffffffff' > 0) + 2 * (u'\xffff' > 0);
  w[0] = L'x';
  a[0] = u'y';
  b[0] = U'z';
}
// CHECK: .entry _Z5charsPiPwPDsPDi(
// CHECK: st.global.b32 [%rd2], 424;
// CHECK: st.global.b32 [%rd2+4], 123;
// CHECK: st.global.b32 [%rd2+8], 3;
// CHECK: st.global.b32 [%rd4], 120;
// CHECK: st.global.b16 [%rd6], 121;
// CHECK: st.global.b32 [%rd8], 122;
__global__ void mangled(wchar_t, char16_t, char32_t, long double) {}
// CHECK: .entry _Z7mangledwDsDie(
