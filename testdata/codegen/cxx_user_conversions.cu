// User-defined conversions: converting constructors (copy-initialization, arguments, returns),
// conversion functions (arguments, assignments, arithmetic after conversion), explicit
// constructors and `explicit operator bool` in conditions, and overload ranking (a standard
// conversion beats a user-defined one).
struct Fix {
  int raw;
  __device__ Fix(float x) : raw((int)(x * 256.0f)) {}
  __device__ explicit Fix(int r, int) : raw(r) {}
  __device__ __noinline__ operator float() const { return raw / 256.0f; }
};
struct Flag {
  int v;
  __device__ explicit operator bool() const { return v != 0; }
};
struct Idx {
  int i;
  __device__ explicit Idx(int x) : i(x) {}
  __device__ operator int() const { return i; }
};
struct Wide : Idx {
  __device__ Wide(int x) : Idx(x * 2) {}
};

__device__ float half(float x) { return x * 0.5f; }
__device__ int pick(int) { return 1; }
__device__ int pick(Fix) { return 2; }
__device__ int pick2(Fix) { return 3; }
__device__ Fix twice(Fix f) { return (float)f * 2.0f; }

__global__ void conv(const float *in, float *out) {
  int t = threadIdx.x;
  Fix a = in[t];
  Fix b(in[t] + 1.0f);
  Fix c(t * 256, 0);
  Flag f{t & 1};
  Idx k(t);
  Wide w(t);
  float s;
  s = b;
  float *o = out + 6 * t;
  o[0] = half(a);
  o[1] = s + (f ? 10.0f : 0.0f);
  o[2] = pick(k) * 100 + pick(1.5f) * 10 + pick2(0.75f);
  o[3] = twice(a);
  o[4] = c + 0.5f * (float)k;
  o[5] = w + (int)Idx(3);
}

// CHECK: .func  (.param .b32 func_retval0) _ZNK3FixcvfEv(
// CHECK: .visible .entry _Z4convPKfPf(
