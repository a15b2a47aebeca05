// A class template-id used only under a pointer or a reference names its specialization without
// instantiating it ([temp.inst]/1), so an explicit or partial specialization may follow (libcu++'s
// `barrier_native_handle(barrier<thread_scope_block>&)` before `class barrier<thread_scope_block>`).
template <int N, class C = void> struct Barrier {
  int v[N];
  __device__ int size() const { return N; }
};

__device__ int handle(Barrier<1>& b);
__device__ int count(const Barrier<2>* p);
typedef Barrier<4>* Barrier4Ptr;

template <> struct Barrier<1> {
  long long token;
  int extra;
  __device__ int size() const { return 100; }
};

template <class C> struct Barrier<2, C> {
  char c[3];
  __device__ int size() const { return 200; }
};

template <> struct Barrier<4, void> {
  short s;
  __device__ int size() const { return 400; }
};

__device__ int handle(Barrier<1>& b) { return b.size() + (int)sizeof(b); }
__device__ int count(const Barrier<2>* p) { return p->size() + (int)sizeof(*p); }

__global__ void named_specs(int* out) {
  Barrier<1> a;
  Barrier<2> b;
  Barrier<3> c;
  Barrier<4> d;
  Barrier4Ptr pd = &d;
  int t = threadIdx.x;
  a.token = t;
  out[4 * t] = handle(a);
  out[4 * t + 1] = count(&b);
  out[4 * t + 2] = c.size() + (int)sizeof(c);
  out[4 * t + 3] = pd->size() + (int)sizeof(*pd);
}
// The specializations declared after the uses: 100 + 16, 200 + 3, 400 + 2; the primary for 3.
// CHECK: .visible .entry _Z11named_specsPi(
// CHECK: 116;
// CHECK: 203;
// CHECK: 15;
// CHECK: 402;
