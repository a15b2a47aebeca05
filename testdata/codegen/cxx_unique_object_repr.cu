// `__has_unique_object_representations(T)` (libcu++ 3.1's `num_bits.h` needs it, detected by
// `__has_builtin`): integers, enumerations, pointers and arrays of them; not floating-point
// types, `nullptr_t`, references or `void`; classes without padding (bit-fields count their
// width, an empty class has a padding byte) whose members are such types and that are trivially
// copyable; unions whose members all are such types of the union's size. Values are nvcc's.
// ARGS: -arch=sm_80 -O3 -std=c++17
// REFERENCE: nvcc
#if !__has_builtin(__has_unique_object_representations)
#error "__has_builtin(__has_unique_object_representations) should be 1"
#endif
#if __has_builtin(__warpc_no_such_builtin)
#error "unknown built-ins are 0"
#endif
enum E : short { E0, E1 };
enum class F : long long { A };
struct Pair { int a; int b; };
struct Padded { char c; int i; };
struct Empty {};
struct FloatBox { float f; };
union UI { int a; unsigned b; };
union UM { int a; char c; };
struct Base { int x; };
struct Derived : Base { int y; };
struct EmptyBase {};
struct DerivedE : EmptyBase { int y; };
struct Bits8 { int a : 8; };
struct Bits32 { int a : 32; };
struct Bits2 { unsigned a : 16; unsigned b : 16; };
struct Copy { int a; __host__ __device__ Copy(const Copy &o) : a(o.a) {} };
struct Ctor { int a; __host__ __device__ Ctor() : a(1) {} };
struct Arr { int a; int b[3]; };
struct Nested { Pair p; long long q; };
struct NestedPad { Padded p; };
struct WithEmptyMember { int a; Empty e; };
struct BoolBox { bool b; char c; };
struct PtrBox { int *p; long q; };
struct Dbl { double d; };
struct Tail { long long a; int b; };
struct Defaulted { int a; Defaulted(const Defaulted &) = default; };
typedef decltype(nullptr) np;
template <class T> struct bits { static constexpr int v = __has_unique_object_representations(T) ? int(sizeof(T) * 8) : -1; };
__global__ void k(int *out) {
  int i = 0;
  out[i++] = __has_unique_object_representations(int);
  out[i++] = __has_unique_object_representations(bool);
  out[i++] = __has_unique_object_representations(char);
  out[i++] = __has_unique_object_representations(float);
  out[i++] = __has_unique_object_representations(double);
  out[i++] = __has_unique_object_representations(int *);
  out[i++] = __has_unique_object_representations(E);
  out[i++] = __has_unique_object_representations(F);
  out[i++] = __has_unique_object_representations(np);
  out[i++] = __has_unique_object_representations(Pair);
  out[i++] = __has_unique_object_representations(Padded);
  out[i++] = __has_unique_object_representations(Empty);
  out[i++] = __has_unique_object_representations(FloatBox);
  out[i++] = __has_unique_object_representations(UI);
  out[i++] = __has_unique_object_representations(UM);
  out[i++] = __has_unique_object_representations(Derived);
  out[i++] = __has_unique_object_representations(DerivedE);
  out[i++] = __has_unique_object_representations(Bits8);
  out[i++] = __has_unique_object_representations(Bits32);
  out[i++] = __has_unique_object_representations(Bits2);
  out[i++] = __has_unique_object_representations(Copy);
  out[i++] = __has_unique_object_representations(Ctor);
  out[i++] = __has_unique_object_representations(Arr);
  out[i++] = __has_unique_object_representations(Nested);
  out[i++] = __has_unique_object_representations(NestedPad);
  out[i++] = __has_unique_object_representations(WithEmptyMember);
  out[i++] = __has_unique_object_representations(BoolBox);
  out[i++] = __has_unique_object_representations(PtrBox);
  out[i++] = __has_unique_object_representations(Dbl);
  out[i++] = __has_unique_object_representations(Tail);
  out[i++] = __has_unique_object_representations(int[4]);
  out[i++] = __has_unique_object_representations(float[2]);
  out[i++] = __has_unique_object_representations(Padded[2]);
  out[i++] = __has_unique_object_representations(const int);
  out[i++] = __has_unique_object_representations(volatile Pair);
  out[i++] = __has_unique_object_representations(int &);
  out[i++] = __has_unique_object_representations(void);
  out[i++] = __has_unique_object_representations(int2);
  out[i++] = __has_unique_object_representations(float4);
  out[i++] = __has_unique_object_representations(char3);
  out[i++] = __has_unique_object_representations(int[]);
  out[i++] = __has_unique_object_representations(void (*)(int));
  out[i++] = __has_unique_object_representations(Defaulted);
  out[i++] = bits<long>::v + bits<Padded>::v;
}
// CHECK: .entry _Z1kPi(
// CHECK: st.global.b32 [%rd2], 1;
// CHECK: st.global.b32 [%rd2+12], 0;
// CHECK: st.global.b32 [%rd2+32], 0;
// CHECK: st.global.b32 [%rd2+36], 1;
// CHECK: st.global.b32 [%rd2+40], 0;
// CHECK: st.global.b32 [%rd2+44], 0;
// CHECK: st.global.b32 [%rd2+52], 1;
// CHECK: st.global.b32 [%rd2+68], 0;
// CHECK: st.global.b32 [%rd2+72], 1;
// CHECK: st.global.b32 [%rd2+80], 0;
// CHECK: st.global.b32 [%rd2+84], 1;
// CHECK: st.global.b32 [%rd2+164], 1;
// CHECK: st.global.b32 [%rd2+172], 63;
