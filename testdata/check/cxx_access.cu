// Access control: private members outside the class (also from a derived class), protected
// members outside the class and its derived classes, private member functions; members, derived
// classes (protected), nested classes and lambdas may use them. nvcc adds "(declared at line N)".
class P {
  int y;
  __device__ int secret() const { return y * 2; }
protected:
  int z;
public:
  int x;
  __device__ P(int a) : y(a), z(a + 1), x(a + 2) {}
  __device__ int gy() const { return y + secret(); }
  struct In { __device__ int peek(const P &p) { return p.y; } };
};
struct D : P {
  __device__ D(int a) : P(a) {}
  __device__ int gz() const { return z; }
  __device__ int bad() const { return y; }
};
class F { int hidden; public: __device__ F() : hidden(3) {} __device__ int get() const { return hidden; } };
__device__ int reveal(const F &f) { return f.get(); }
__global__ void k(int *p) {
  P q(p[0]);
  D d(1);
  F f;
  p[1] = q.x + q.gy() + d.gz() + reveal(f);
  p[2] = q.y;
  p[3] = q.z;
  p[4] = q.secret();
  auto l = [&] { return q.x; };
  p[5] = l();
}
