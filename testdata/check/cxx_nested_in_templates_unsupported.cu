// Not yet supported: out-of-class definitions of the members of a class nested in a class
// template (classes nested two levels deep, `Outer<T>::A::B`, are).
template <class T> struct Outer {
  struct A {
    struct B {
      T z;
    };
  };
  struct In {
    T x;
    __device__ T get() const;
  };
};
template <class T> __device__ T Outer<T>::In::get() const { return x + 2; }

__global__ void k(int *o) { o[0] = 1; }
