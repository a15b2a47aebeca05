// Class templates: type and non-type parameters with defaults, members using the parameters,
// a static member called through the specialization, specializations as parameters, and a
// member function template of an ordinary class called through a functor deduced by a
// function template. Non-inlined members show nvcc's mangled names.
namespace ds {
template <typename T, int N = 4>
struct Ring {
  T buf[N];
  int head;
  __device__ Ring() : head(0) {}
  __device__ __noinline__ void put(T v) { buf[head] = v; head = (head + 1) % N; }
  __device__ T sum() const { T s = T(0); for (int i = 0; i < N; ++i) s += buf[i]; return s; }
  static __device__ __noinline__ int size() { return N; }
};
}
struct Add {
  template <typename T> __device__ __noinline__ T operator()(T a, T b) const { return a + b; }
};
template <typename T, typename Op> __device__ T reduce3(T a, T b, T c, Op op) { return op(op(a, b), c); }
__device__ __noinline__ float total(const ds::Ring<float> &r) { return r.sum(); }

__global__ void rings(const float *in, float *out) {
  ds::Ring<float> r;
  ds::Ring<int, 2> q;
  for (int i = 0; i < 4; ++i) r.put(in[threadIdx.x + i]);
  q.put(1); q.put(2); q.put(3);
  out[threadIdx.x] = total(r) + q.sum() + ds::Ring<int, 2>::size() + reduce3(1.0f, 2.0f, in[0], Add());
}
// CHECK: .func _ZN2ds4RingIfLi4EE3putEf(
// CHECK: .func  (.param .b32 func_retval0) _Z5totalRKN2ds4RingIfLi4EEE(
// CHECK: .visible .entry _Z5ringsPKfPf(
// CHECK: call.uni _ZN2ds4RingIfLi4EE3putEf, (param0, param1);
// CHECK: call.uni (retval0), _Z5totalRKN2ds4RingIfLi4EEE, (param0);
// CHECK: .func _ZN2ds4RingIiLi2EE3putEi(
// CHECK: .func  (.param .b32 func_retval0) _ZN2ds4RingIiLi2EE4sizeEv()
// CHECK: .func  (.param .b32 func_retval0) _ZNK3AddclIfEET_S1_S1_(
