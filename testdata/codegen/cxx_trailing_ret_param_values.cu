// ARGS: -arch=sm_80 -std=c++17
// A function template's trailing return type naming its parameters inside template arguments
// (`-> en_t<sizeof(x) == 8, int>`, libcu++'s C++17 `_CCCL_CONCEPT_FRAGMENT` shape
// `-> en_t<is_true<decltype((l = forward<R>(r)), void())>()>`): substitution uses the
// deduced parameters' types (a failure drops the template, a success keeps it). A pointer to
// a reference (`static_cast<T *>` with `T = int &`) is a substitution failure.
template <bool B, class T = void> struct en {};
template <class T> struct en<true, T> { using type = T; };
template <bool B, class T = void> using en_t = typename en<B, T>::type;
template <class T> __device__ T &&dv();
template <class T> __host__ __device__ constexpr bool is_true() { return true; }
template <class L> __host__ __device__ auto g(L x) -> en_t<sizeof(x) == 8, int> { return 1; }
__host__ __device__ char (&g(...))[2];
template <class L, class R>
__device__ auto asg(L &&l, R &&r) -> en_t<is_true<decltype((l = static_cast<R &&>(r)), void())>(), int>;
__device__ char (&asg(...))[2];
template <class A, class B> __device__ auto sum(A a, B b) -> en_t<(sizeof(a + b) > 4), long>;
__device__ char (&sum(...))[2];
template <class T> __device__ auto pr(int) -> decltype(static_cast<T *>(nullptr), 0);
template <class T> __device__ char (&pr(long))[2];
__global__ void k(int *o) {
  o[0] = sizeof(g(2.0f));
  o[1] = sizeof(g(2.0));
  o[2] = sizeof(asg(dv<const float *&>(), dv<const float *>()));
  o[3] = sizeof(asg(dv<const float *const &>(), dv<const float *>()));
  o[4] = sizeof(sum(1, 2));
  o[5] = sizeof(sum(1, 2.0));
  o[6] = sizeof(pr<int>(0));
  o[7] = sizeof(pr<int &>(0));
}
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 2;
// CHECK: +4], 4;
// CHECK: +8], 4;
// CHECK: +12], 2;
// CHECK: +16], 2;
// CHECK: +20], 8;
// CHECK: +24], 4;
// CHECK: +28], 2;
