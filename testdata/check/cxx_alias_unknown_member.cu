// The right side of an alias declaration is always a type: an unknown qualified name there is
// an unknown member (not a syntax error), with or without template arguments.
namespace cuda { namespace std { template <class T> struct limits { static constexpr int max = 7; }; } }
using M = cuda::std::nl<int>;
using N = cuda::std::nl;
using O = cuda::std::limits<int>;
__device__ int f() { return O::max; }
// Nothing may follow the type.
using Bad = int +;
template <class T> using BadT = T +;
