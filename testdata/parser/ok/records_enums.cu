// Records, enums, typedefs, and the struct name as a type name (C++ rule).
struct S { int a; float b[4]; struct S *next; };
typedef struct { float re, im; } complexf;
union U { float f; unsigned u; };
struct Fwd;
struct Bits { unsigned a : 3, : 2, b : 1; };
struct Anon { union { int i; float f; }; int tag; };
enum E { A, B = 4, C, };
enum E e;
typedef enum { X = 1 << 2 } Flags;
S s1;
complexf c1;
struct __align__(8) Al { char c; };
typedef int Int, *IntPtr, Arr[3];
IntPtr ip;
