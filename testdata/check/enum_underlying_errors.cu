// A fixed underlying type must be integral and hold every enumerator (nvcc's wording);
// __underlying_type applies to enumerations only.
enum class E8 : unsigned char { A = 256 };
enum E9 : signed char { B = 127, C };
enum E10 : float { D };
using T = __underlying_type(int);
struct S {};
using U = __underlying_type(S);
