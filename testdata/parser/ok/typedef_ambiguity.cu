// The type-name table decides (T)x vs (e) and T * x; vs a * b;.
typedef float T;
__device__ float g(float x, float a, float b) {
  T *y;
  float r = (T)x + (a) * b;
  a * b;
  {
    int T = 3;      // shadows the typedef
    r = (T) + 1;    // now an expression
    r = T * 2;
  }
  T t2 = (T)(r);  // the typedef again
  return r + t2 + sizeof(T) + (float)y[0];
}
