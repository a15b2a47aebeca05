// A class template declared and never defined is incomplete (its specializations are not).
template <typename T> struct Traits;
template <> struct Traits<float> { static constexpr int bits = 32; };
__global__ void k(int *o) {
  Traits<int> t;
  o[0] = Traits<double>::bits + Traits<float>::bits;
}
