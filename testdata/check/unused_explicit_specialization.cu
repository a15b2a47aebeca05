// An explicit specialization of a function template is an ordinary function definition: its
// body is checked even when nothing calls it (nvcc reports the error), while the template's
// own unused instances stay unchecked.
template <typename T> __device__ T f(T x) { return x; }
template <> __device__ float f<float>(float x) { return undefined_name + x; }
template <> __device__ double f(double x) { return x + missing_too; }
template <typename T> __device__ T g(T x) { return x.no_such_member; }
__global__ void k(int* p) { *p = f(*p); }
