/* string.h (warpc builtin header): nothing for device code yet (memcpy/memset are not available). */
#ifndef __WARPC_STRING_H__
#define __WARPC_STRING_H__
#endif /* __WARPC_STRING_H__ */
