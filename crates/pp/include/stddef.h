/* stddef.h (warpc builtin header): size_t and ptrdiff_t come from the prelude; offsetof is a keyword. */
#ifndef __WARPC_STDDEF_H__
#define __WARPC_STDDEF_H__
#include "__warpc_cuda_runtime.h"
#ifndef NULL
#define NULL 0L
#endif
#endif /* __WARPC_STDDEF_H__ */
