// A block-scope `using namespace` must name a namespace (nvcc's wording).
namespace ok {
__device__ int one() { return 1; }
}
__device__ int f() {
  using namespace nope;
  using namespace ok;
  return one();
}
