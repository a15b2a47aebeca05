__host__ __device__ constexpr int sq(int v) { return v * v; }
static_assert(sq(3) == 10, "sq");
static_assert(sizeof(long) == 4);
enum class Dir : int { Up, Down };
enum class Small : unsigned char { A };
__device__ int g(int x) { return x; }
__global__ void k(int *o, int n) {
  auto a;
  auto f = [n](int v) { return v + n; };
  auto h = [](int v) { return v + n; };
  Dir d = Dir::Up;
  o[0] = f(1) + h(2) + (d == Dir::Down);
  static_assert(sq(2) == 4, "ok");
  static_assert(g(2) == 2, "not constexpr");
}
