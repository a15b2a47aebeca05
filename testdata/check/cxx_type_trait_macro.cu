// A compiler type trait spelled through a macro (as libcu++'s `_CCCL_BUILTIN_IS_TRIVIALLY_COPYABLE(T)`
// is): the trait is the expansion's name, not the macro's.
#define BUILTIN_IS_TRIVIALLY_COPYABLE(...) __is_trivially_copyable(__VA_ARGS__)
struct Feature { int bin; float mag; };
struct Owner { int *p; __device__ ~Owner() {} };
static_assert(BUILTIN_IS_TRIVIALLY_COPYABLE(Feature), "plain struct");
static_assert(!BUILTIN_IS_TRIVIALLY_COPYABLE(Owner), "has a destructor");
__global__ void k(Feature *f) { f->bin = BUILTIN_IS_TRIVIALLY_COPYABLE(Feature) ? 1 : 0; }
