// A block-scope namespace alias must name a namespace (nvcc's wording).
namespace ok {
__device__ int one() { return 1; }
}
__device__ int f() {
  namespace a = nope;
  namespace b = ok;
  return b::one();
}
