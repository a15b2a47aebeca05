// C++ namespaces: nested and `a::b` definitions, qualified names in types and calls, lookup
// from inside a namespace, `using namespace` and `using N::name` at global scope; nested-name
// mangling with nvcc's prefix substitutions.
namespace geo {
struct vec3 { float x, y, z; };
typedef float real;
__device__ __noinline__ real dot(const vec3 &a, const vec3 &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
namespace detail { __device__ __noinline__ float sq(float v) { return v * v; } }
__device__ __noinline__ float norm2(const vec3 &a) { return dot(a, a) + detail::sq(a.x); }
}
namespace geo::inner { __device__ __noinline__ int twice(int v) { return 2 * v; } }
using namespace geo;
using geo::inner::twice;
__global__ void k(const geo::vec3 *a, float *out, int *o) {
  vec3 v = a[3];
  out[0] = geo::dot(a[0], a[1]) + norm2(a[2]) + ::geo::detail::sq(v.z);
  o[0] = twice(o[1]) + geo::inner::twice(3);
}
// CHECK: .func  (.param .b32 func_retval0) _ZN3geo3dotERKNS_4vec3ES2_(
// CHECK: .func  (.param .b32 func_retval0) _ZN3geo6detail2sqEf(
// CHECK: .func  (.param .b32 func_retval0) _ZN3geo5norm2ERKNS_4vec3E(
// CHECK: .func  (.param .b32 func_retval0) _ZN3geo5inner5twiceEi(
// CHECK: .visible .entry _Z1kPKN3geo4vec3EPfPi(
// CHECK: call.uni (retval0), _ZN3geo3dotERKNS_4vec3ES2_,
// CHECK: call.uni (retval0), _ZN3geo5norm2ERKNS_4vec3E,
// CHECK: call.uni (retval0), _ZN3geo6detail2sqEf,
// CHECK: call.uni (retval0), _ZN3geo5inner5twiceEi,
// CHECK: call.uni (retval0), _ZN3geo5inner5twiceEi,
