// Bit-field misuse gets nvcc's diagnostics: no address of a bit-field, no non-const reference
// to one, no sizeof of one; widths must be non-negative, a named one non-zero, and the type
// integral (a width beyond the type's is a warning: the extra bits are padding).
struct S { int a : 3; unsigned b : 5; };
struct Wide { int x : 40; };
struct Negative { int y : -1; };
struct Float { float z : 3; };
struct ZeroNamed { int q : 0; };
__device__ int *addr(S &s) { return &s.a; }
__device__ int &ref(S &s) { return s.a; }
__device__ void bind(S &s) { unsigned &r = s.b; r = 1; }
__device__ unsigned long size(S &s) { return sizeof(s.a); }
__device__ int assigned(S &s) { return *&(s.a = 1); }
__device__ int ok(S &s) {
  const int &c = s.a;  // binds to a copy
  return c + s.b;
}
