template <typename T, int N = 4> struct Arr { T v[N]; };
template <typename T> __device__ T twice(T x) { return x + x; }
template <class A, class B> struct Pair { A a; B b; };
template __device__ float twice<float>(float);
struct V {
  float x;
  __device__ V(float a) : x(a) {}
  __device__ V operator+(const V &o) const { return V(x + o.x); }
  __device__ bool operator<(const V &o) const { return x < o.x; }
  __device__ float &operator[](int) { return x; }
  __device__ ~V() {}
};
__device__ void use(int *p, int a, int b) {
  Arr<int, 8> arr;
  Pair<Arr<int, 2>, float> pr;
  V v(1.0f), w{2.0f};
  p[0] = twice<int>(a) + (a > b) + Arr<int>::N;
  auto f = [&, a](int k) -> int { return k * a; };
  bool lt = a < b && b > a;
  p[1] = f(b) + lt;
}
