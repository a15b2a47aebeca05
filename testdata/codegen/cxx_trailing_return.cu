// Trailing return types (`auto f(...) -> T`), with decltype naming the parameters in function
// templates (deduction substitutes the parameters' types), and on member functions.
template <class T> __device__ auto twice(T a) -> decltype(a * 2) { return a * 2; }
__device__ auto half(float x) -> float { return x * 0.5f; }
template <class A, class B> __device__ auto mix(A a, const B &b) -> decltype(a + b) { return a + b; }
struct P { float v; __device__ auto get() const -> float { return v; } };
__global__ void k(float *p, double *d) { P q; q.v = p[3]; p[0] = twice(p[1]) + half(p[2]) + q.get(); d[0] = mix(1, d[1]) + twice(2); }
// CHECK: .visible .entry _Z1kPfPd(
