// Declarations that cooperative_groups.h relies on: a class template's default arguments given
// on its forward declaration only; a friend function declared in the primary template whose
// return type is a partial specialization declared later; a non-template function overloading
// a function template of the same name; the non-aligned `barrier.sync` of __barrier_sync and
// __barrier_sync_count (sm_30_intrinsics.h).
// ARGS: -arch=sm_80 -O3
template <unsigned S, typename P = void> class Tile;
template <unsigned S, typename P> class Tile {
    friend __device__ Tile<1, void> single();
public:
    int x;
    __device__ explicit Tile(const P& p) : x(S + p.y) {}
};
template <unsigned S> class Tile<S, void> {
public:
    int x;
    __device__ Tile() : x(S) {}
    __device__ explicit Tile(int v) : x(v * 2) {}
};
__device__ Tile<1, void> single() { return Tile<1, void>(); }
struct Blk { int y; };
template <unsigned M> __device__ int pick(const Tile<M, Blk>& t) { return t.x; }
__device__ int pick(int v) { return v + 100; }
__global__ void tiles(const int* in, int* out) {
    __shared__ int sh[32];
    int i = threadIdx.x;
    Blk b{in[i]};
    Tile<4, Blk> t(b);
    Tile<4> u(t.x);
    sh[i] = pick(t) + pick(u.x) + single().x;
    __barrier_sync(0);
    int v = sh[(i + 1) % 32];
    __barrier_sync_count(1, 32);
    out[i] = v;
}
// CHECK: .entry _Z5tilesPKiPi(
// CHECK: barrier.sync 0;
// CHECK: barrier.sync 1, 32;
