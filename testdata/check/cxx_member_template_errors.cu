template <class T> struct Box {
  T v;
  template <int N> __device__ T get() const { return v * N; }
};
__global__ void k(float *p) {
  Box<float> b;
  p[0] = b.template nope<1>();
  p[1] = b.template get<1, 2>();
  p[2] = b.template get<float>();
}
