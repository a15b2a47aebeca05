template <class T, class U> struct A { static const int v = 0; };
template <class T, class U> struct A<T *, U> { static const int v = 1; };
template <class T> struct A<T, int> { static const int v = 2; };
__global__ void k(int *q) { q[0] = A<int *, int>::v; }
