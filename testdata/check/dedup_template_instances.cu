// One error in a class template, reported once for its three instances (nvcc: once per instance,
// with a note naming the instance; warpc keeps the first and says how many more there were).
template <long N> struct ratio { static const long num; };
template <class P> struct duration {
  static_assert(P::num > 0, "period must be positive");
};
__global__ void k(int *p) {
  duration<ratio<1>> a;
  duration<ratio<60>> b;
  duration<ratio<3600>> c;
  p[0] = sizeof(a) + sizeof(b) + sizeof(c);
}
