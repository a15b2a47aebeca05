__constant__ float c[4] = {1.f, 0.5f, 0.25f, 0.125f};
struct P { int x, y; int z[3]; };
struct P p1 = {1, 2, {3, 4, 5}};
struct P p2 = {.y = 2, .z[1] = 7, .x = 1,};
int m[2][2] = {[1] = {1, 2}, [0][1] = 3};
int empty[1] = {};
__device__ void f() { struct P local = {0}; float v[] = {1, 2, 3}; }
