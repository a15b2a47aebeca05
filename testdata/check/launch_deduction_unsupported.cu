// A host launch whose argument types warpc cannot work out (a host lambda's closure type,
// which nvcc rejects too, with its own wording): an error, never a silently missing kernel.
template <typename T> __global__ void k(T v, int* out) { out[0] = sizeof(v); }
int main() {
  int* out = nullptr;
  auto f = [](int x) { return x * 2; };
  k<<<1, 1>>>(f, out);
  return 0;
}
