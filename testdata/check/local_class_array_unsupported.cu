// A local array of a class whose default constructor runs code is not built yet: refused, not
// left unconstructed. Arrays of classes whose construction does nothing still compile.
struct H {
    int v;
    __device__ H() : v(7) {}
};
struct Wrap {
    H h;
};
struct Plain {
    int a;
    Plain() = default;
};
__global__ void k(int *out) {
    H arr[4];
    Wrap ws[2][2];
    Plain ps[4];
    float3 fs[2];
    ps[0].a = 1;
    fs[0].x = 2.0f;
    out[threadIdx.x] = arr[threadIdx.x & 3].v + ws[0][1].h.v + ps[0].a + (int)fs[0].x;
}
