// C++ idioms of the toolkit's cooperative_groups headers: an enumeration brought into a namespace
// by a using-declaration and its enumerators named through it; member typedefs in the
// initializers of static constexpr members; a namespace-scope static_assert that names the
// namespace's members; explicit specializations of two overloaded function templates over a
// template template parameter; a protected base member used by a friend of the derived class;
// a member alias that defines a class (`using token = struct {};`); pointer template parameters
// defaulted to `nullptr` (`enable_if<C, void>::type* = nullptr`); `>>>` closing three
// template argument lists inside a qualified name.
namespace sc {
namespace inner { enum thread_scope { scope_system = 0, scope_device = 1, scope_block = 2 }; }
using ::sc::inner::thread_scope;
}
namespace d {
static constexpr unsigned int max_block = 1024;
struct scratch {
    using comm_t = unsigned long long;
    static constexpr unsigned long comm_size = sizeof(comm_t);
    comm_t mem[max_block / 256];
    static constexpr __host__ __device__ unsigned int needed(unsigned int m) {
        return m / 32 * (unsigned int)comm_size;
    }
};
static_assert(sizeof(scratch) <= scratch::needed(max_block), "scratch too large");
}
namespace cg {
template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const { return a | b; } };
namespace details {
template <template <class> class Op> __device__ __forceinline__ int pick(int mask, int v);
template <template <class> class Op> __device__ __forceinline__ unsigned pick(int mask, unsigned v);
template <> __device__ __forceinline__ int pick<cg::plus>(int m, int x) { return x + m; }
template <> __device__ __forceinline__ unsigned pick<cg::plus>(int m, unsigned x) { return x * 2u + (unsigned)m; }
template <> __device__ __forceinline__ int pick<cg::bit_or>(int m, int x) { return x | m; }
template <> __device__ __forceinline__ unsigned pick<cg::bit_or>(int m, unsigned x) { return x | 0x100u; }
class access;
}
class group {
protected:
    int _data;
public:
    __device__ group(int v) : _data(v) {}
};
class tile : public group {
    friend class details::access;
public:
    __device__ tile(int v) : group(v) {}
    using token = struct {};
    __device__ static token arrive() { return token(); }
    __device__ static int wait(token&&) { return 7; }
};
namespace details {
class access {
public:
    template <class G> __device__ static void set(G& g, int v) { g._data = v; }
    template <class G> __device__ static int get(const G& g) { return g._data; }
};
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { using type = T; };
template <class T> struct is_int { static constexpr bool value = false; };
template <> struct is_int<int> { static constexpr bool value = true; };
template <class T, class U> struct is_same { static constexpr bool value = false; };
template <class T> struct is_same<T, T> { static constexpr bool value = true; };
template <class T> struct wrap { using type = T; };
template <class T, typename enable_if<is_int<T>::value, void>::type* = nullptr>
__device__ __noinline__ T twice(T v) { return v * 2; }
template <class T, typename enable_if<!is_int<T>::value, void>::type* = nullptr>
__device__ __noinline__ T twice(T v) { return v * 3; }
template <bool B> struct choose { static __device__ int f() { return B ? 11 : 22; } };
template <class T>
__device__ int conv() {
    using c = choose<details::is_same<details::wrap<details::wrap<T>>, details::wrap<details::wrap<T>>>::value
                     && details::is_int<T>::value>;
    return c::f();
}
}
}
__global__ void k(int* out, float* f) {
    sc::thread_scope s = sc::thread_scope::scope_device;
    out[0] = s + sc::thread_scope::scope_block * 10;
    out[1] = (int)d::scratch::comm_size + (int)d::scratch::needed(64);
    out[2] = cg::details::pick<cg::plus>(out[2], 5);
    out[3] = (int)cg::details::pick<cg::plus>(out[3], 5u);
    out[4] = cg::details::pick<cg::bit_or>(out[4], 8);
    out[5] = (int)cg::details::pick<cg::bit_or>(out[5], 1u);
    cg::tile t(out[6]);
    cg::details::access::set(t, cg::details::access::get(t) + 3);
    out[6] = cg::details::access::get(t) + cg::tile::wait(cg::tile::arrive());
    out[7] = cg::details::twice(out[7]);
    f[0] = cg::details::twice(f[0]);
    out[8] = cg::details::conv<int>() + cg::details::conv<float>();
}
// CHECK: _ZN2cg7details5twiceIiLPv0EEET_S3_(
// CHECK: _ZN2cg7details5twiceIfLPv0EEET_S3_(
// CHECK: .entry _Z1kPiPf(
