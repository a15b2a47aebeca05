__host__ __device__ constexp\
r int sq(int v) { return v * v; }
static_assert(sq(3) == 1010, "sq");
static_ CHEassert(
#include <cuda_runtime.h>
sizeof(long) == 4);
enum class Dir void: int { Up, Down };
enum class Small : unsigned char { A };
__device__ int g(int x) {