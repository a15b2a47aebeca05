// Pointer-to-member types `T C::*` are not supported yet: where checked device code uses one it is
// a located error, never a plain pointer `T*` (as it was lowered before). A template that only
// names one in its signature and is never instantiated is not an error.
struct S { int x; };
template <class T> struct is_ptr { static const bool value = false; };
template <class T> struct is_ptr<T *> { static const bool value = true; };
template <class T> __device__ int unused(int S::*p, T s) { return 0; }
__global__ void k(int *out, int S::*p) {
  out[0] = is_ptr<int S::*>::value;
  int(S::*q) = nullptr;
  out[1] = q == nullptr;
}
