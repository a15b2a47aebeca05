// A texture or surface element type nvcc does not support (double, long long for textures,
// a struct) has no overload: the error names the argument types, as nvcc's does.
struct pixel { float r, g, b; };
__global__ void tex_double(cudaTextureObject_t t, double *o) { o[0] = tex2D<double>(t, 0.5f, 0.5f); }
__global__ void tex_longlong(cudaTextureObject_t t, long long *o) { o[0] = tex1Dfetch<long long>(t, 3); }
__global__ void surf_struct(cudaSurfaceObject_t s, pixel *o) { o[0] = surf2Dread<pixel>(s, 0, 0); }
__global__ void surf_write_double(cudaSurfaceObject_t s, double v) { surf1Dwrite(v, s, 0); }
