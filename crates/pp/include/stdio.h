/* stdio.h (warpc builtin header): printf, callable from device code (lowered to vprintf). */
#ifndef __WARPC_STDIO_H__
#define __WARPC_STDIO_H__
extern "C" {
__host__ __device__ int printf(const char *format, ...);
}
#endif /* __WARPC_STDIO_H__ */
