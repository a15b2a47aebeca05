// A friend template grants access to its own specializations only: another function template
// with the same parameters, another class template and a member of a non-friend class are
// refused. Unscoped enumerators are members of their namespace: unqualified from outside it
// they are not found.
class Box {
  int v;
  template <class U> friend __device__ int open(const Box &b, U u);
  template <class T> friend struct Key;

public:
  __device__ explicit Box(int x) : v(x) {}
};
template <class U> __device__ int open(const Box &b, U u) { return b.v + (int)u; }
template <class U> __device__ int pry(const Box &b, U u) { return b.v - (int)u; }
template <class T> struct Key { static __device__ int get(const Box &b) { return b.v; } };
template <class T> struct Crowbar { static __device__ int get(const Box &b) { return b.v; } };
namespace ns { inline namespace v1 { enum color { red = 1, green = 2 }; } }
__global__ void k(int *p) {
  Box b(p[0]);
  p[1] = open(b, 1) + pry(b, 2) + Key<int>::get(b) + Crowbar<int>::get(b);
  p[2] = ns::green + ns::color::red + green;
}
