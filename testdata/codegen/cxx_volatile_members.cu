// Member functions overloaded on `volatile` (`T real() const volatile` beside `T real() const`,
// as thrust::complex declares them): distinct functions, chosen by the object's qualifiers and
// mangled with `V` before `K`, as nvcc does.
// ARGS: -arch=sm_90 -O3
template <typename T>
struct cx {
  T m[2];
  __host__ __device__ T real() const volatile { return m[0] + 100; }
  __host__ __device__ T real() const { return m[0]; }
  __host__ __device__ void real(T re) volatile { m[0] = re + 1000; }
  __host__ __device__ void real(T re) { m[0] = re; }
};
struct reg {
  int v;
  __device__ __noinline__ int get() const volatile;
  __device__ __noinline__ int get() const;
};
__device__ __noinline__ int reg::get() const volatile { return v * 2; }
__device__ __noinline__ int reg::get() const { return v * 3; }
// CHECK: .func  (.param .b32 func_retval0) _ZNVK3reg3getEv(
// CHECK: .func  (.param .b32 func_retval0) _ZNK3reg3getEv(
__global__ void k(float *out, int *q) {
  cx<float> a;
  volatile cx<float> *v = reinterpret_cast<volatile cx<float> *>(out + 4);
  a.real(out[0]);
  v->real(out[1]);
  out[2] = a.real() + v->real();
  volatile reg r{q[0]};
  const reg c{q[0]};
  q[1] = r.get() + c.get();
}
// CHECK: .entry _Z1kPfPi(
// CHECK: st.volatile.global
