// A class nested in a class template is a member of each specialization; other names are not.
template <class T> struct Outer {
  struct In {
    T x;
  };
  In last;
};

__global__ void missing(int *o) {
  Outer<int>::In i{1};
  Outer<int>::Other m;
  o[0] = i.x;
}
