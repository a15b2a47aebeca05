// A kernel in an anonymous namespace compiles, with a warning: its PTX name cannot be nvcc's
// (which includes a hash of the file's path), so host code compiled by nvcc cannot launch it.
namespace {
__global__ void hidden(int *o) { o[0] = 1; }
} // namespace
