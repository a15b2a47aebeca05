// `&f<args>` where no specialization of `f` is viable: nvcc's error outside SFINAE (inside,
// a substitution failure: `has<int>` takes the other overload).
template <class T> struct enable_if {};
template <class T> struct enable_if<T *> { typedef int type; };
template <class T> __device__ typename enable_if<T>::type f(T) { return 1; }
template <class T, class = decltype(&f<T>)> __device__ int has(int) { return 1; }
template <class T> __device__ int has(long) { return 2; }
__device__ int ok() { return has<int *>(0) * 10 + has<int>(0); }
__device__ unsigned long bad() { return sizeof(&f<int>); }
