// C++ references (parameters, locals, return types) and default arguments.
struct P { float x, y; };
__device__ void swap2(float &a, float &b);
__device__ float &at(float *v, int i = 0);
__device__ int pick(long long v, int extra = 10, const P &p = P(), const int *q = nullptr);
__device__ float len(const P &, float = 1.0f);
__device__ void body(float *v) {
  float &r = v[0];
  const float &c = r;
  r = c + at(v);
}
