// Objects of a class with a destructor or a user-provided copy constructor passed by value to a
// device function: Itanium's invisible reference, as nvcc does it. The caller makes the
// parameter object a temporary of its own (a copy by the copy constructor, a bitwise copy, or
// the prvalue argument itself), passes its address (`.param .b64`) and destroys it at the end of
// the full-expression; the callee works on it in place and never destroys it. A kernel's
// parameter of such a class is a bitwise copy that device code never destroys. Such an object
// returned by value is built in the caller's temporary, whose address is a hidden first parameter.
struct D {
  int v;
  int *log;  // log[0] counts the entries log[1..]
  __device__ D(int x, int *l) : v(x), log(l) { put(100 + v); }
  __device__ D(const D &o) : v(o.v + 1), log(o.log) { put(200 + v); }
  __device__ ~D() { put(300 + v); }
  __device__ void put(int e) { log[1 + log[0]++] = e; }
};
// A destructor with the implicit (bitwise) copy constructor.
struct T {
  int v;
  int *log;
  __device__ ~T() { log[1 + log[0]++] = 400 + v; }
};
// Only a user-provided copy constructor.
struct C {
  int v;
  __device__ C(int x) : v(x) {}
  __device__ C(const C &o) : v(o.v + 1000) {}
};
struct KP {
  int v;
  __host__ __device__ ~KP() {}
};

__device__ __noinline__ int take(D d, int k) {
  d.v += k;
  d.put(500 + d.v);
  return d.v;
}
__device__ __noinline__ int take_t(T t) {
  t.v *= 2;
  return t.v;
}
__device__ __noinline__ int take_c(C c) {
  c.v += 1;
  return c.v;
}
__device__ __noinline__ D make(int x, int *l) { return D(x, l); }

extern "C" __global__ void byval(int *out, KP kp) {
  int t = threadIdx.x;
  int *log = out + 64 * t;
  int *res = log + 48;
  D a(t, log);
  res[0] = take(a, 3);             // a copy (the copy constructor), destroyed after the statement
  res[1] = take(D(7, log), 1);     // the temporary itself, no copy
  res[2] = take(make(9, log), 2);  // the returned object itself
  int (*f)(D, int) = take;
  res[3] = f(a, 5) + a.v;          // through a pointer: the same ABI
  {
    T b{t, log};
    res[4] = take_t(b) + b.v;      // a bitwise copy, destroyed after the statement
  }
  C c(t);
  res[5] = take_c(c) + c.v;
  res[6] = kp.v;
}
// The callee receives a pointer to the caller's object and never destroys it.
// CHECK: .func  (.param .b32 func_retval0) _Z4take1Di(
// CHECK-NEXT: .param .b64 _Z4take1Di_param_0,
// CHECK-NOT: _ZN1DD1Ev
// CHECK: .func  (.param .b32 func_retval0) _Z6take_t1T(
// CHECK-NEXT: .param .b64 _Z6take_t1T_param_0
// CHECK: .func  (.param .b32 func_retval0) _Z6take_c1C(
// CHECK-NEXT: .param .b64 _Z6take_c1C_param_0
// Returned through a hidden first parameter, the caller's temporary (Itanium's sret):
// CHECK: .func _Z4makeiPi(
// CHECK-NEXT: .param .b64 _Z4makeiPi_param_0,
// CHECK-NEXT: .param .b32 _Z4makeiPi_param_1,
// CHECK: .visible .entry byval(
// CHECK: .param .align 4 .b8 byval_param_1[4]
// CHECK: call.uni (retval0), _Z4take1Di,
