/* stdio.h (warpc builtin header): printf, callable from device code (lowered to vprintf), and NULL. */
#ifndef __WARPC_STDIO_H__
#define __WARPC_STDIO_H__
#include "stddef.h"
extern "C" {
__host__ __device__ int printf(const char *format, ...);
}
#endif /* __WARPC_STDIO_H__ */
