// Namespaces, nested namespace definitions, qualified type and value names, using.
namespace geo {
struct vec3 { float x, y, z; };
namespace detail { __device__ float sq(float v); }
}
namespace geo::inner { __device__ int twice(int v); }
using namespace geo;
using geo::inner::twice;
__device__ float f(const geo::vec3 &a, geo::vec3 *b) {
  geo::vec3 c = *b;
  return ::geo::detail::sq(a.x) + c.y;
}
