// Generic lambdas: each call instantiates operator() for the argument types (by value,
// const auto&, forwarding auto&& modifying the argument), with captures, and passed to a
// function template.
template <class F, class T> __device__ T apply_twice(F f, T x) { return f(f(x)); }
__global__ void glam(const float *in, float *out) {
  int t = threadIdx.x;
  float k = in[t];
  auto scale = [k](auto x) { return x * k; };
  auto add = [&](const auto &a, auto b) { return a + b + k; };
  auto inc = [](auto &&v) { v += 1; };
  int n = t;
  inc(n);
  float *o = out + 4 * t;
  o[0] = scale(2.0f) + scale(3);
  o[1] = add(1, 2.5f) + add(t, t);
  o[2] = apply_twice(scale, 1.5f);
  o[3] = n;
}

// CHECK: .visible .entry _Z4glamPKfPf(
