// The constructor named in "no instance of constructor" is the class's last component without
// its template arguments, also when the arguments hold qualified names (it was cut inside them:
// "...<long, ns::ratio<1, 1000>>::ratio<1, 1000>>"). nvcc: "ns::dur<R, P>::dur [with R=long,
// P=ns::ratio<1L, 1000L>]".
namespace ns {
template <long N, long D> struct ratio {};
template <class R, class P> struct dur {
  R r;
  __device__ dur(R a, R b) : r(a + b) {}
};
} // namespace ns
__global__ void k(long *o) {
  ns::dur<long, ns::ratio<1, 1000>> d(o);
  o[0] = d.r;
}
