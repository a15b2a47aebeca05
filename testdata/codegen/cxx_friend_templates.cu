// Friend templates: a friend function template defined in a class is a function template of
// the enclosing namespace (with access to the class's private members); a friend class
// template befriends all its specializations; in a class template, a friend template grants
// access (a friend function template only declared in a class template is left to its
// namespace's own declaration).
class Secret {
  int v;
  template <class U> friend __device__ __noinline__ int reveal(const Secret &s, U scale) {
    return s.v * (int)scale;
  }
  template <class A, class B> friend struct Peek;

public:
  __device__ explicit Secret(int x) : v(x) {}
};
template <class A, class B> struct Peek {
  static __device__ int get(const Secret &s) { return s.v + (int)sizeof(A) + (int)sizeof(B); }
};
template <class T> class Cell {
  T v;
  template <class> friend struct Reader;

public:
  __device__ explicit Cell(T x) : v(x) {}
};
template <class T> struct Reader {
  static __device__ T read(const Cell<T> &c) { return c.v; }
};
__global__ void friend_templates(int *out) {
  int t = threadIdx.x;
  int *o = out + 4 * t;
  Secret s(t);
  o[0] = reveal(s, 3);
  o[1] = reveal(s, 2.0f);
  o[2] = Peek<char, double>::get(s);
  o[3] = Reader<int>::read(Cell<int>(t + 7));
}
// CHECK: .visible .entry _Z16friend_templatesPi(
// CHECK: call.uni (retval0), _Z6revealIiEiRK6SecretT_,
// CHECK: call.uni (retval0), _Z6revealIfEiRK6SecretT_,
