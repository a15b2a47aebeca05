//! warpc's builtin headers, embedded in the binary: the prelude ([`crate::PRELUDE`], the CUDA
//! device API written over the body-less builtins of docs/builtins.md) and the standard and CUDA
//! headers device code includes. The CUDA runtime headers ([`is_runtime_header`]) come before
//! the toolkit's; the C and C++ standard headers are a fallback for machines without a host
//! compiler, after its folders.

macro_rules! headers {
    ($($name:literal),* $(,)?) => {
        const HEADERS: &[(&str, &str)] = &[$(($name, include_str!(concat!("../include/", $name)))),*];
        const NAMES: &[&str] = &[$($name),*];
    };
}

headers![
    "__warpc_cuda_runtime.h",
    "__warpc_device_builtins.h",
    "__warpc_texture.h",
    // CUDA headers: the prelude already declares everything, these only exist to be found.
    "cuda_runtime.h",
    "cuda_runtime_api.h",
    "cuda.h",
    "device_launch_parameters.h",
    "device_functions.h",
    "math_functions.h",
    "vector_types.h",
    "vector_functions.h",
    "math_constants.h",
    "cooperative_groups.h",
    // C and C++ standard headers device code uses.
    "cstdio",
    "stdio.h",
    "math.h",
    "cmath",
    "stdint.h",
    "cstdint",
    "stddef.h",
    "cstddef",
    "limits.h",
    "climits",
    "float.h",
    "cfloat",
    "stdlib.h",
    "cstdlib",
    "assert.h",
    "cassert",
    "string.h",
    "cstring",
];

/// The headers warpc supplies itself even where a toolkit and a host compiler are installed:
/// the CUDA runtime headers, the device API of the prelude ([`crate::PRELUDE`]), which stands in
/// for the toolkit's `cuda_runtime.h` until the real one compiles (it needs inline PTX and the
/// toolkit's builtin declarations, issue 15). Every other toolkit header (`curand_kernel.h`,
/// `mma.h`, CCCL, ...) and every other system header (libstdc++'s `<type_traits>` and
/// `<limits>` among them) is read from disk; so are `math_constants.h` (macros only),
/// `device_launch_parameters.h` (its builtin variables stay the compiler's) and
/// `cooperative_groups.h` (the toolkit's `cooperative_groups/*.h` include it by quotes, and its
/// classes live in `cooperative_groups::__v1`: a second, builtin definition beside them would
/// make `cg::thread_block_tile` name another class), whose builtin versions are the fallback for
/// machines without a toolkit.
const RUNTIME: &[&str] = &[
    "cuda_runtime.h",
    "cuda_runtime_api.h",
    "cuda.h",
    "device_functions.h",
    "math_functions.h",
    "vector_types.h",
    "vector_functions.h",
    "__warpc_cuda_runtime.h",
];

/// The text of builtin header `name` (`"cuda_runtime.h"`, `"cstdio"`, [`crate::PRELUDE`], ...).
pub fn builtin_header(name: &str) -> Option<&'static str> {
    HEADERS.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}

/// Every builtin header name.
pub fn builtin_header_names() -> Vec<&'static str> {
    NAMES.to_vec()
}

/// Whether `name` is one of the CUDA runtime headers warpc supplies in place of the toolkit's
/// (searched after `-I`/`-isystem` but before the toolkit's folders).
pub fn is_runtime_header(name: &str) -> bool {
    RUNTIME.contains(&name)
}
