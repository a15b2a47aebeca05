template <int N> struct Inf { static const int v = Inf<N + 1>::v; };
__global__ void k(int *p) { p[0] = Inf<0>::v; }
