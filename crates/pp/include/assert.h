/* assert.h (warpc builtin header): assert() in device code calls __assertfail, as CUDA's does
   (the device runtime prints "file:line: function: block: [..], thread: [..] Assertion `e`
   failed." and traps). The function name is empty until warpc knows __PRETTY_FUNCTION__. Like the
   C header, no include guard: NDEBUG is honoured at each inclusion. */
#include "__warpc_cuda_runtime.h"
#ifndef __WARPC_ASSERTFAIL_DECLARED__
#define __WARPC_ASSERTFAIL_DECLARED__
extern "C" __device__ void __assertfail(const char *message, const char *file, unsigned int line, const char *function, size_t charSize);
#endif
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, "", sizeof(char)))
#endif
