template <class T> __device__ T zero = T();
template <int N> constexpr int sq = N * N;
template <class T> constexpr float half = 0.5f;
__global__ void k(int *q) {
  q[0] = sq<1, 2>;
  q[1] = sq<int>;
  q[2] = half<int>;
}
