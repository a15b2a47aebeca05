// A static data member of a class template defined outside its class: a non-const one is a host
// variable (nvcc compiles it for the host, device code cannot use it), so it costs nothing; a
// const one with its initializer outside the class is not supported yet (nvcc: p[0] = 24).
template <class T> struct Registry { static int count; };
template <class T> int Registry<T>::count = 0;
template <class T> struct Y { static const int c; };
template <class T> const int Y<T>::c = sizeof(T) * 3;
__global__ void k(int *p) { p[0] = Y<double>::c; }
