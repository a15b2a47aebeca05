// C++ constructs recognised at the top level (lowered as unsupported for now).
template <typename T, int N> __device__ T scale(T v) { return v * N; }
namespace ns { __device__ int inside; }
using u32 = unsigned int;
u32 counter;
static_assert(sizeof(int) == 4, "int is 32 bits");
