// Default member initializers: a global whose implicit constructor leaves a member
// uninitialized is dynamically initialized (nvcc rejects it, as here); forms warpc does not
// support yet are refused, not run wrong.
struct Half {
  int v = 4;
  int z;
};
__device__ Half h;
__constant__ Half hc;
struct Chain {
  int a = 1;
  int b = a + 1;
};
struct Self {
  Self *p = this;
};
__global__ void k(int *o) {
  Chain c{5};
  Self s{};
  o[0] = c.b + h.v + hc.v + (s.p != nullptr);
  struct Local {
    int v = 3;
  };
  static Half sh;
  o[1] = sh.v;
}
