// User-defined conversions: explicit constructors and conversion functions are not used for
// implicit conversions; two user-defined conversions in a row are not allowed.
struct Idx {
  int i;
  __device__ explicit Idx(int x) : i(x) {}
};
struct Flag {
  int v;
  __device__ explicit operator bool() const { return v != 0; }
};
struct Box {
  float f;
  __device__ Box(Idx x) : f((float)x.i) {}
};
__device__ int take_bool(bool b) { return b; }
__device__ float take_box(Box b) { return b.f; }
__global__ void k(int *p) {
  Idx a = 3;
  Flag f{1};
  p[0] = take_bool(f);
  p[1] = take_box(4);
}
