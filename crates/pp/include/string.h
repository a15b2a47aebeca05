/* string.h (warpc builtin header): NULL; memcpy/memset are not available yet. */
#ifndef __WARPC_STRING_H__
#define __WARPC_STRING_H__
#include "stddef.h"
#endif /* __WARPC_STRING_H__ */
