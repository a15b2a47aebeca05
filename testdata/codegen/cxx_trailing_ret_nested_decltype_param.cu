// ARGS: -arch=sm_80 -std=c++17
// libcu++'s C++17 concept fragments (`_CCCL_CONCEPT_FRAGMENT`, `assignable_from`): a function
// template's trailing return type names a parameter only inside a `decltype` nested in the
// operand of another `decltype` (`-> en_t<is_true<decltype(void(), req<same<L, decltype(l =
// fw<R>(r))>>, void())>()>`). Deduction binds the parameters there too; they were unbound, the
// substitution failed and the fragment was silently false (`assignable_from<const float *&,
// const float *>`: nvcc 1, warpc 0; real/12's `span<const float, 16>(p, 16)`).
// CHECK: .visible .entry _Z1kPi(
// CHECK: ], 1;
// CHECK: +4], 1;
// CHECK: +8], 1;
// CHECK: +12], 1;
// CHECK: +16], 2;
// CHECK: +20], 2;
// CHECK: +24], 2;
// CHECK: +28], 1;
// CHECK: +32], 1;
template <class...> struct tag;
template <bool B, class T = void> struct en {};
template <class T> struct en<true, T> { using type = T; };
template <bool B, class T = void> using en_t = typename en<B, T>::type;
template <class> __host__ __device__ constexpr bool is_true() { return true; }
template <bool B, en_t<B, int> = 0> inline constexpr int req = 0;
template <class A, class B> inline constexpr bool same = false;
template <class A> inline constexpr bool same<A, A> = true;
template <class T> inline constexpr bool is_lref = false;
template <class T> inline constexpr bool is_lref<T &> = true;
template <class T> __host__ __device__ T &&fw(T &t) { return static_cast<T &&>(t); }
template <class T> struct mk { using type = const T &; };
template <class T> using mk_t = typename mk<T>::type;
template <class A, class B> inline constexpr bool crw = true;

// 1: the parameter named inside a decltype nested in a template argument of a variable template.
template <class L, class R>
__host__ __device__ inline auto f1_impl(L l, R &&r)
    -> en_t<is_true<decltype(void(), req<same<L, decltype(l = fw<R>(r))>>, void())>()> {}
template <class... A> __host__ __device__ auto f1(tag<A...> *, decltype(&f1_impl<A...>)) -> char (&)[1];
__host__ __device__ auto f1(...) -> char (&)[2];
// 2: all three requirements as in libcu++'s assignable_from.
template <class L, class R>
__host__ __device__ inline auto f2_impl(L l, R &&r)
    -> en_t<is_true<decltype(void(), req<is_lref<L>>, void(), req<crw<mk_t<L>, mk_t<R>>>, void(),
                             req<same<L, decltype(l = fw<R>(r))>>, void())>()> {}
template <class... A> __host__ __device__ auto f2(tag<A...> *, decltype(&f2_impl<A...>)) -> char (&)[1];
__host__ __device__ auto f2(...) -> char (&)[2];
// 3: the parameter directly in the decltype.
template <class L, class R>
__host__ __device__ inline auto f3_impl(L l, R &&r) -> en_t<is_true<decltype(l = fw<R>(r))>()> {}
template <class... A> __host__ __device__ auto f3(tag<A...> *, decltype(&f3_impl<A...>)) -> char (&)[1];
__host__ __device__ auto f3(...) -> char (&)[2];
// 4: in a plain template argument (sizeof).
template <class L, class R>
__host__ __device__ inline auto f4_impl(L l, R &&r) -> en_t<same<L, decltype(l = fw<R>(r))>> {}
template <class... A> __host__ __device__ auto f4(tag<A...> *, decltype(&f4_impl<A...>)) -> char (&)[1];
__host__ __device__ auto f4(...) -> char (&)[2];

__global__ void k(int *o) {
  o[0] = sizeof(f1(static_cast<tag<const float *&, const float *> *>(nullptr), nullptr));
  o[1] = sizeof(f2(static_cast<tag<const float *&, const float *> *>(nullptr), nullptr));
  o[2] = sizeof(f3(static_cast<tag<const float *&, const float *> *>(nullptr), nullptr));
  o[3] = sizeof(f4(static_cast<tag<const float *&, const float *> *>(nullptr), nullptr));
  o[4] = sizeof(f1(static_cast<tag<const float *, const float *> *>(nullptr), nullptr));
  o[5] = sizeof(f2(static_cast<tag<const float *, const float *> *>(nullptr), nullptr));
  o[6] = sizeof(f2(static_cast<tag<int &, const float *> *>(nullptr), nullptr));
  o[7] = sizeof(f4(static_cast<tag<int &, int> *>(nullptr), nullptr));
  o[8] = sizeof(f1(static_cast<tag<int &, int> *>(nullptr), nullptr));
}
