/* cuda.h (warpc builtin header): the CUDA device API is declared by the prelude __warpc_cuda_runtime.h, which warpc force-includes into every translation unit (as nvcc force-includes cuda_runtime.h); this header only adds CUDA_VERSION. */
#ifndef __WARPC_CUDA_H__
#define __WARPC_CUDA_H__
#include "__warpc_cuda_runtime.h"
#define CUDA_VERSION 13050
#endif /* __WARPC_CUDA_H__ */
