// Kernels launched from a system header's host templates (sys/mini_dispatch.h, `-isystem sys`):
// nvcc emits the instances the calls below instantiate; nvcc-entries.txt is its list, in order.
#include <mini_dispatch.h>
struct twice {
  __device__ float operator()(float x) const { return 2.0f * x; }
};
__global__ void own(float *p) { p[threadIdx.x] += 1.0f; }
int main() {
  float *p = nullptr;
  int *q = nullptr;
  mini::fill(p, 1.0f, 1000);
  mini::fill(q, 7, 10);
  mini::transform(p, 1000, twice{});
  mini::scale(q, 3, 10);
  own<<<1, 32>>>(p);
  return 0;
}
