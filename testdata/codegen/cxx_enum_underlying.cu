// Enumerations with a fixed underlying type have its size, alignment and promotions (also in
// structs, arrays and kernel parameters); opaque declarations (`enum class E : T;`) are
// complete; an unscoped enumeration without one whose values do not fit `int` takes
// `unsigned int` or `long`, as EDG does; `__underlying_type(E)` names the type (for an
// enumeration of non-negative values, `unsigned int` with nvcc, `int` with NVRTC).
typedef unsigned char u8;
enum class Kind : u8 { None = 0, Small = 7, Big = 200 };
enum Level : short { Low = -300, High = 300 };
enum class Mask : unsigned long long { Hi = 1ull << 40, Hi1 };
enum class Tag : unsigned short;
enum Flag : bool { Off, On };
enum Wide { WA = 0x80000000u, WB };
enum Neg { NA = -1, NB = 0x100000000 };
enum Plain { PA, PB };
struct Rec {
  char c;
  Kind k;
  Level l;
  Tag t;
  Mask m;
};
enum class Tag : unsigned short { P = 0xfffe };
static_assert(sizeof(Kind) == 1 && alignof(Kind) == 1, "");
static_assert(sizeof(Level) == 2 && sizeof(Tag) == 2 && sizeof(Flag) == 1, "");
static_assert(sizeof(Mask) == 8 && alignof(Mask) == 8, "");
static_assert(sizeof(Rec) == 16 && sizeof(Kind[3]) == 3, "");
static_assert(sizeof(Wide) == 4 && sizeof(Neg) == 8 && sizeof(Plain) == 4, "");
static_assert(sizeof(+High) == 4 && sizeof(+WA) == 4 && WA > 0 && sizeof(NB + 0) == 8, "");
static_assert(static_cast<unsigned long long>(Mask::Hi1) == (1ull << 40) + 1, "");
static_assert(static_cast<int>(Kind::Big) == 200 && Low == -300, "");
template <class A, class B> struct same {
  static constexpr bool value = false;
};
template <class A> struct same<A, A> {
  static constexpr bool value = true;
};
using UKind = __underlying_type(Kind);
using UMask = __underlying_type(Mask);
using UWide = __underlying_type(Wide);
using UNeg = __underlying_type(Neg);
using UPlain = __underlying_type(Plain);
static_assert(same<UKind, unsigned char>::value && same<UMask, unsigned long long>::value, "");
static_assert(same<UWide, unsigned int>::value && same<UNeg, long>::value, "");
#ifdef __CUDACC_RTC__
static_assert(same<UPlain, int>::value, ""); // NVRTC's front end
#else
static_assert(same<UPlain, unsigned int>::value, ""); // nvcc's (GCC's choice)
#endif
__global__ void enum_fields(Rec *r, Kind k, Level l, Mask m, int *out) {
  int t = threadIdx.x;
  Rec *x = r + t;
  x->k = static_cast<Kind>(static_cast<u8>(x->k) + static_cast<u8>(k));
  x->l = static_cast<Level>(x->l * l);
  x->t = Tag::P;
  x->m = static_cast<Mask>(static_cast<unsigned long long>(m) | static_cast<unsigned long long>(x->m));
  out[t] = (x->k == Kind::Big) + 2 * (x->l < Low) + 4 * (x->c == 'a');
}
// CHECK: .visible .entry _Z11enum_fieldsP3Rec4Kind5Level4MaskPi(
// CHECK: .param .u8 _Z11enum_fieldsP3Rec4Kind5Level4MaskPi_param_1,
// CHECK: .param .u16 _Z11enum_fieldsP3Rec4Kind5Level4MaskPi_param_2,
// CHECK: .param .u64 _Z11enum_fieldsP3Rec4Kind5Level4MaskPi_param_3,
// CHECK: st.global.b8
// CHECK: st.global.b16
// CHECK: +4], -2;
// CHECK: st.global.b64
