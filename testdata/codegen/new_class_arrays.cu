// Array new and delete[] of classes with constructors or destructors, as the Itanium C++ ABI
// and nvcc lay them out: with a non-trivial destructor, an array cookie of max(8, alignof(T))
// bytes before the elements, its last 8 bytes holding the count (`delete[]` reads it, destroys
// the elements last to first, then frees from the cookie); a class with only a constructor
// gets no cookie. Each element is constructed first to last; `new T[n]()` value-initializes.
// nvcc also stores the count in the 8 bytes before an array without a cookie, outside the
// allocation (the emulator reports that store as out of bounds); warpc does not, so
// `new_ctor_arrays_k` has CHECK lines but no difftest run.
// ARGS: -arch=sm_80 -O3
struct Counted {
  int* log;
  int v;
  __device__ Counted() : log(nullptr), v(7) {}
  __device__ ~Counted() {
    if (log) *log = *log * 10 + v;
  }
};
struct Built {
  int v;
  __device__ Built() : v(3) {}
};
struct alignas(16) Wide {
  float x, y, z, w;
  __device__ Wide() : x(1), y(2), z(3), w(4) {}
  __device__ ~Wide() {}
};
struct Zeroed {
  int a;
  int b = 5;
};
// Keeps the allocations observable.
__device__ __noinline__ int peek(const void* p, int i) { return ((const int*)p)[i]; }

extern "C" __global__ void new_class_arrays_k(int* o, int n) {
  int t = threadIdx.x;
  Counted* c = new Counted[n];
  int log = 0;
  for (int i = 0; i < n; i++) {
    c[i].log = &log;
    c[i].v = i + 1;
  }
  // The cookie: the count in the 8 bytes before the first element.
  o[t * 4 + 0] = (int)((const unsigned long*)c)[-1];
  delete[] c;  // destroys n, ..., 1: log = "n...1" in decimal digits
  o[t * 4 + 1] = log;
  Wide* w = new Wide[2];
  o[t * 4 + 2] = (int)(w[1].x + w[1].y * 10 + w[0].w * 100) + (int)((unsigned long)w % 16);
  delete[] w;
  Counted* none = nullptr;
  delete[] none;
  Counted* empty = new Counted[0];
  delete[] empty;
  o[t * 4 + 3] = n;
}

extern "C" __global__ void new_ctor_arrays_k(int* o, int n) {
  int t = threadIdx.x;
  Built* b = new Built[n + t % 3];
  int s = 0;
  for (int i = 0; i < n + t % 3; i++) s += b[i].v;
  o[t * 2 + 0] = s + peek(b, 0);
  delete[] b;
  Zeroed* z = new Zeroed[3]();
  o[t * 2 + 1] = z[2].a + z[2].b + z[0].a;
  delete[] z;
}
// CHECK: .entry new_class_arrays_k(
// The cookie of `Counted` (8 bytes): malloc(n * 16 + 8), the count stored first.
// CHECK: , 16;
// CHECK-NEXT: or.b64
// CHECK: call.uni (retval0), malloc, (param0);
// CHECK-NEXT: ld.param.b64
// CHECK-NEXT: } // callseq 0
// CHECK-NEXT: st.b64 [%rd
// CHECK: call.uni free,
// CHECK: .entry new_ctor_arrays_k(
// No cookie: malloc((n + t % 3) * 4), nothing stored before the elements.
// CHECK: call.uni (retval0), malloc, (param0);
// CHECK-NOT: st.b64
// CHECK: call.uni free,
