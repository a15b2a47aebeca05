// Namespace lookup errors: members are not visible unqualified outside their namespace without
// a using-directive, and a using-declaration must name an existing member.
namespace geo {
__device__ float scale(float v) { return 2.0f * v; }
namespace detail { __device__ float sq(float v) { return v * v; } }
}
using geo::missing;
__global__ void k(float *f) {
  f[0] = scale(f[1]);
  f[1] = geo::sq(f[2]);
  f[2] = geo::detail::sq(f[3]) + geo::scale(1.0f);
}
