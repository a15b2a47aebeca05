// Member using-declarations: `using Base::f;` joins the derived class's overload set (a
// derived member with the same parameters hides the base's), `using Base::x;` and a using in
// a public section make members of a private base (or protected members) usable, and
// `using Base::Base;` inherits constructors (also through a member typedef of a class
// template's base, as libcu++'s `barrier<thread_scope_thread>` does). Constructor templates
// are overload candidates (a class with only those is not an aggregate).
struct Counter {
  int n;
  __device__ Counter() : n(1) {}
  __device__ Counter(int v) : n(v) {}
  __device__ Counter(int a, int b) : n(a * b) {}
  __device__ int add(int a) const { return n + a; }
  __device__ int add(float a) const { return n - (int)a; }
protected:
  __device__ int triple() const { return 3 * n; }
};
struct Wrapped : private Counter {
  using Counter::Counter;
  using Counter::add;
  using Counter::n;
  using Counter::triple;
  __device__ int add(float a) const { return 1000 + (int)a; }
  __device__ int add(double a) const { return 2000; }
};
template <class T> struct Box {
  T v;
  __device__ Box(T a) : v(a) {}
  __device__ T get() const { return v; }
};
template <class T> struct Sealed : private Box<T> {
  using base = Box<T>;
  using base::base;
  using base::get;
};
struct Scaled {
  int v;
  template <class U> __device__ Scaled(U *p) : v(*p + 1) {}
  template <class U> __device__ Scaled(const U &u, int k) : v((int)sizeof(u) + k) {}
  template <class U> __device__ Scaled(U a, U b) : v(a - b) {}
  __device__ Scaled(int a, int b) : v(a * b) {} // beats the template's Scaled<int>
};

__global__ void usings(const int *in, int *out) {
  int i = threadIdx.x;
  int x = in[i];
  Wrapped w(x);
  Wrapped p(x, 3);
  Wrapped d;
  Wrapped c(w);
  Sealed<int> s(x + 5);
  Scaled sw(w, 5);
  Scaled sp(&x);
  Scaled sf(3, 4);
  int *o = out + 10 * i;
  o[0] = w.add(2);       // x + 2
  o[1] = w.add(2.0f);    // 1002
  o[2] = w.add(2.0);     // 2000
  o[3] = p.n;            // 3x
  o[4] = w.triple();     // 3x
  o[5] = d.n;            // 1
  o[6] = c.n;            // x
  o[7] = s.get();        // x + 5
  o[8] = sw.v + sp.v;    // 4 + 5 + x + 1
  o[9] = sf.v;           // 12
}

// CHECK: .visible .entry _Z6usingsPKiPi(
