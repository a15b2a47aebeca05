// ARGS: -arch=sm_80 -O3 -std=c++17
// Default arguments of class and arithmetic type that are constant expressions calling
// constexpr functions and constructors (`nanoseconds d = nanoseconds::zero()` in libcu++'s
// `__cccl_thread_poll_with_backoff`): evaluated by the constexpr interpreter, by value and by
// `const&`, in a function and a function template.
struct Dur {
  long long v;
  __host__ __device__ constexpr explicit Dur(long long x) : v(x) {}
  __host__ __device__ static constexpr Dur zero() { return Dur(0); }
  __host__ __device__ static constexpr Dur of(int k) { return Dur(k * 100); }
};
__host__ __device__ constexpr int sq(int x) { return x * x; }
__device__ long long wait(int x, Dur d = Dur::of(3), int e = sq(4)) { return x + d.v + e; }
template <class F>
__device__ long long poll(F f, const Dur &d = Dur::zero(), Dur m = Dur(7)) { return f() + d.v + m.v; }
struct Five { __device__ int operator()() const { return 5; } };
__global__ void k(long long *o) {
  o[1] = wait((int)o[0]);
  o[2] = poll(Five());
  o[3] = wait(1, Dur(2), 3) + poll(Five(), Dur(10));
}
// CHECK: .visible .entry _Z1kPx(
// CHECK: 12;
