/* stdlib.h (warpc builtin header): abs, labs and llabs are in the prelude; the rest of <stdlib.h> is host-only. */
#ifndef __WARPC_STDLIB_H__
#define __WARPC_STDLIB_H__
#include "__warpc_cuda_runtime.h"
#include "stddef.h"
#endif /* __WARPC_STDLIB_H__ */
