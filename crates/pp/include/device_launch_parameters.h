/* device_launch_parameters.h (warpc builtin header): the CUDA device API is declared by the prelude __warpc_cuda_runtime.h, which warpc force-includes into every translation unit (as nvcc force-includes cuda_runtime.h); this header only adds the `__cudaGet_*()` accessors. The toolkit's is read where one is installed. */
#ifndef __WARPC_DEVICE_LAUNCH_PARAMETERS_H__
#define __WARPC_DEVICE_LAUNCH_PARAMETERS_H__
#include "__warpc_cuda_runtime.h"
/* As the toolkit's: the builtin variables' accessors. */
#define __cudaGet_threadIdx() threadIdx
#define __cudaGet_blockIdx() blockIdx
#define __cudaGet_blockDim() blockDim
#define __cudaGet_gridDim() gridDim
#define __cudaGet_warpSize() warpSize
#endif /* __WARPC_DEVICE_LAUNCH_PARAMETERS_H__ */
