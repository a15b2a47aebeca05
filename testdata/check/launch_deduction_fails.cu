// Host launches whose template arguments do not deduce: an error each (nvcc's wording where
// nvcc rejects the program), never a silently missing kernel.
template <int N> struct Poly { float c[N]; };
template <typename T, int N>
__global__ void scale(T* out, Poly<N> q) { out[0] = q.c[0]; }
template <typename T>
__global__ void twice(T* a, T* b) { a[0] = b[0]; }
int main() {
  float* pf = nullptr;
  int* pi = nullptr;
  scale<<<1, 1>>>(pf, 3);
  twice<<<1, 1>>>(pf, pi);
  return 0;
}
