/* assert.h (warpc builtin header): assert() traps on failure (no message yet). Like the C header, no include guard: NDEBUG is honoured at each inclusion. */
#include "__warpc_cuda_runtime.h"
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __trap())
#endif
