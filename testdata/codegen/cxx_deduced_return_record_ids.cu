// A deduced return type learned in one round of the def map's fixed point names the same class
// in every later round: `h<float>`'s `W<float>` is made before `g`'s return type is known, and
// once it is, `Holder` makes `Box<float>` among the items, ahead of `W<float>` (which used to
// shift `W<float>`'s id, so `h(...)` returned `Box<float>`). The member alias
// `Ld<float>::S = decltype(helper())` is cub's `_TempStorage` idiom (block_load.cuh).
template <class T> struct Box { T v; };
template <class T> struct W { char pad[12]; T a; T b; };
template <class T> __device__ auto h(T x) { W<T> w{{}, x, x + 1}; return w; }
template <class T> struct Ex { struct Tmp { T buf[3]; int tag; }; };
template <class T> struct Ld {
  __host__ __device__ static constexpr auto helper() { return typename Ex<T>::Tmp{}; }
  using S = decltype(helper());
  S* s;
  __device__ Ld(S& r) : s(&r) {}
  __device__ T get(int i) const { return s->buf[i] + s->tag; }
};
__device__ auto g() { return h(1.5f).a; }
struct Holder { Box<decltype(g())> b; };
__global__ void k(float* out) {
  __shared__ Ld<float>::S s;
  auto w = h(out[2]);
  s.buf[threadIdx.x % 3] = out[threadIdx.x % 3];
  s.tag = 2;
  __syncthreads();
  if (threadIdx.x == 0) {
    out[0] = w.b;
    out[1] = sizeof(Holder) + sizeof(w) + sizeof(Ld<float>::S);
    out[2] = Ld<float>(s).get(1);
  }
}
// CHECK: .shared .align 4 .b8 _ZZ1kPfE1s[16];
// CHECK: .visible .entry _Z1kPf(
// CHECK: st.shared.b32 [_ZZ1kPfE1s+12], 2;
// CHECK: add.f32 %r8, %r1, 0f3F800000;
// CHECK-NEXT: st.global.b32 [%rd1], %r8;
// sizeof(Holder) + sizeof(W<float>) + sizeof(Ex<float>::Tmp) = 4 + 20 + 16
// CHECK-NEXT: st.global.b32 [%rd1+4], 1109393408;
// CHECK: ld.shared.b32 %r9, [_ZZ1kPfE1s+4];
