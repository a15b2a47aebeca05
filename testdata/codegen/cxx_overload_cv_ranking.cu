// ARGS: -arch=sm_80 -O3 -std=c++17
// Overload ranking that libcu++'s atomics and addressof rely on: a member called on a derived
// object prefers the overload whose implicit object parameter adds no `volatile`; `T*` prefers
// `const void*` to `const volatile void*`; `const T&&` (not a forwarding reference) binds no
// lvalue, so `addressof(const T&&) = delete` is no candidate for one; `__builtin_addressof`.
struct Base {
  int a;
  __device__ int get() { return a; }
  __device__ int get() volatile { return a + 100; }
  __device__ int add(int x, int m = 0) { return a + x + m; }
  __device__ int add(int x, int m = 0) volatile { return a + x + m + 100; }
};
struct Derived : Base {};
struct Amp {
  int v;
  __device__ Amp *operator&() { return nullptr; }
};
template <class T> __device__ T *addr(T &x) { return __builtin_addressof(x); }
template <class T> __device__ const T *addr(const T &&) = delete;
__device__ int space(const void *) { return 1; }
__device__ int space(const volatile void *) { return 2; }
template <class T> __device__ int where(const T &obj) { return space(addr(obj)); }
__global__ void k(int *o) {
  Derived d{};
  d.a = o[0];
  Derived *p = &d;
  o[1] = p->get() + p->add(2);
  volatile Derived *vp = &d;
  o[2] = vp->get();
  Amp m{o[0]};
  const Amp &cm = m;
  o[3] = where(m) + 10 * (addr(m) == addr(cm)) + 100 * (addr(m)->v == o[0]) + 1000 * (&m == nullptr);
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: 1111;
