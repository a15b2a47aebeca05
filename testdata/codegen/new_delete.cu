// Plain new and delete in device code, as nvcc compiles them: the global operator new is the
// device heap's `malloc(sizeof(T))` (no null check), `new T[n]` allocates `n * sizeof(T)`
// bytes, `delete p` runs the destructor behind a null check and calls `free`. Unevaluated
// operands (`decltype(::new T(args))`, what libcu++'s constructible traits test) only need
// the type.
// ARGS: -arch=sm_80 -O3
struct Pair {
  int a;
  float b;
};
struct Logged {
  int* log;
  int v;
  __device__ Logged(int* l, int x) : log(l), v(x) {}
  __device__ ~Logged() { *log += v; }
};
struct Defaults {
  int x = 40;
  int y;
};
template <class T, class... A> struct can_new {
  template <class U, class = decltype(::new U(static_cast<A&&>(*(A*)0)...))> __device__ static char t(int);
  template <class U> __device__ static long t(...);
  static constexpr bool value = sizeof(t<T>(0)) == 1;
};
// Keeps the allocations observable (nothing elides them).
__device__ __noinline__ int sum(const int* p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += p[i];
  return s;
}
extern "C" __global__ void new_delete_k(int* o, int n) {
  int t = threadIdx.x;
  int* p = new int(t);
  int* arr = new int[n];
  for (int i = 0; i < n; i++) arr[i] = i * t;
  int* z = ::new int[n]();
  Pair* q = new Pair{t, 0.5f};
  Pair* v = new Pair();
  Defaults* d = new Defaults;
  int log = 0;
  Logged* l = new Logged(&log, t + 1);
  int r = *p + sum(arr, n) + sum(z, n) + q->a + (int)(q->b * 2) + v->a + d->x;
  delete p;
  delete[] arr;
  ::delete[] z;
  delete q;
  delete v;
  delete d;
  delete l;
  Logged* none = nullptr;
  delete none;
  o[t] = r * 100 + log;
}
// CHECK: .extern .func  (.param .b64 func_retval0) malloc
// CHECK: .extern .func free
// CHECK: .entry new_delete_k(
// CHECK: call.uni (retval0), malloc,
// CHECK: call.uni free,
extern "C" __global__ void new_unevaluated_k(int* o) {
  decltype(::new Pair{1, 2.0f}) p = nullptr;
  (void)p;
  o[0] = sizeof(new Logged(o, 1)) + sizeof(*p);
  o[1] = can_new<Logged, int*, int>::value + 2 * can_new<Logged, int>::value + 4 * can_new<Pair>::value +
         8 * noexcept(new int) + 16 * noexcept(delete p);
}
// CHECK: .entry new_unevaluated_k(
// CHECK-NOT: malloc
// CHECK: ], 16;
// CHECK: +4], 21;
