// ARGS: -arch=sm_80 --nvrtc -default-device
// NVRTC's JIT mode has no host side: host declarations are errors (libnvrtc 13.5's wording).
int helper(int x) { return x + 1; }
int declared_only(int);
__host__ int host_only(int x) { return x; }
__host__ __device__ int both(int x) { return x; }
struct S {
  S() = default;
  S(const S &) = delete;
  int method() const;
  __device__ int device_method() const { return 1; }
  static int counter;
  static const int limit = 4;
};
int S::method() const { return 2; }
int S::counter;
template <class T> T identity(T x) { return x; }
int global_counter;
const int table_size = 8;
static const float table[2] = {1.0f, 2.0f};
constexpr int twice = 2;
extern int elsewhere;
const int *cursor;
int *const fixed = nullptr;
__device__ int device_counter;
namespace { int hidden; }
extern "C" __global__ void k(int *p) { p[0] = both(table_size) + S::limit + twice + device_counter; }
