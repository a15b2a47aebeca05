// A non-dependent qualifier of an alias template is looked up where the alias is defined: nvcc
// rejects an undeclared one even if nothing uses the alias (xsf's `config.h` without CuPy's
// prelude: `using complex = thrust::complex<T>;` with no `thrust` declared).
namespace xsf {
template <class T>
using complex = thrust::complex<T>;
}

namespace n {
struct S {};
template <class T> struct W { using type = T; };
}  // namespace n

// Declared qualifiers, dependent ones and enclosing namespaces are fine.
template <class T> using a1 = n::S;
template <class T> using a2 = typename n::W<T>::type;
template <class T> using a3 = typename T::type;
namespace n {
template <class T> using a4 = n::W<T>;
}
namespace m = n;
template <class T> using a5 = m::W<T>;
template <class T> using a6 = ::n::S;

template <class T>
using bad = ::undeclared::S<T>;

__global__ void k(int *out) { out[0] = sizeof(a1<int>) + sizeof(a5<char>); }
