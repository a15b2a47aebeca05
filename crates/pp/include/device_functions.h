/* device_functions.h (warpc builtin header): the CUDA device API is declared by the prelude __warpc_cuda_runtime.h, which warpc force-includes into every translation unit (as nvcc force-includes cuda_runtime.h); including this header changes nothing. */
#ifndef __WARPC_DEVICE_FUNCTIONS_H__
#define __WARPC_DEVICE_FUNCTIONS_H__
#include "__warpc_cuda_runtime.h"
#endif /* __WARPC_DEVICE_FUNCTIONS_H__ */
