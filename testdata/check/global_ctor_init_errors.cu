// Namespace-scope objects of classes with constructors: the constructor is checked (not an
// aggregate initialization), and one that is not constexpr is a dynamic initialization, which
// device variables do not support (nvcc's wording names the variable's kind when no
// initializer is written).
struct P {
  float x, y;
  __host__ __device__ constexpr P(float a, float b) : x(a), y(b) {}
};
struct H {
  int v;
  __device__ H() : v(3) {}
};
__device__ P one_arg(1.5f);
__device__ P one_braced{2.5f};
__device__ H runtime_ctor;
__device__ int declared(int);
__device__ int uses_declared(declared);
__constant__ H runtime_array[2];
__global__ void k(float *o) { o[0] = one_arg.x + one_braced.x + runtime_ctor.v + runtime_array[1].v; }
