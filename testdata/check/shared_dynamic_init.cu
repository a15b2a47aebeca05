// A __shared__ object is neither constructed nor destroyed (nvcc: "dynamic initialization is not
// supported" warning #20054) when its class's construction or destruction would run code; a
// class with trivial ones gets no warning.
struct HasDtor {
  int x;
  __device__ ~HasDtor() { x = 0; }
};
struct HasCtor {
  int x;
  __device__ HasCtor() { x = 1; }
};
struct Holds {
  HasCtor c;
};
struct Plain {
  int x;
};
__global__ void k(int *o) {
  __shared__ HasDtor a;
  __shared__ HasCtor b;
  __shared__ Holds c;
  __shared__ Plain d;
  a.x = o[0];
  b.x = o[1];
  d.x = o[2];
  o[3] = a.x + b.x + c.c.x + d.x;
}
