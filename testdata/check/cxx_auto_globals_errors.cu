// `auto` at namespace scope and on static data members needs an initializer to deduce from
// (nvcc's wording); a braced list would deduce `std::initializer_list`, which warpc does not do.
__device__ auto x1;
struct S { static const auto m; };
__device__ auto x2 = {1, 2};
__device__ const auto *x3 = 4;
__global__ void k(int *p) { p[0] = 1; }
