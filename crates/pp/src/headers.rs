//! warpc's builtin headers, embedded in the binary: the prelude ([`crate::PRELUDE`], the CUDA
//! device API written over the body-less builtins of docs/builtins.md) and the standard and CUDA
//! headers device code includes. The loader falls back to these when the user's include paths
//! do not provide a header.

macro_rules! headers {
    ($($name:literal),* $(,)?) => {
        const HEADERS: &[(&str, &str)] = &[$(($name, include_str!(concat!("../include/", $name)))),*];
        const NAMES: &[&str] = &[$($name),*];
    };
}

headers![
    "__warpc_cuda_runtime.h",
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
    // Host-only C++ library headers: empty, since the device pass neither checks nor lowers
    // host function bodies.
    "vector",
    "string",
    "iostream",
    "algorithm",
    "memory",
    "numeric",
    "chrono",
];

/// The text of builtin header `name` (`"cuda_runtime.h"`, `"cstdio"`, [`crate::PRELUDE`], ...).
pub fn builtin_header(name: &str) -> Option<&'static str> {
    HEADERS.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}

/// Every builtin header name.
pub fn builtin_header_names() -> &'static [&'static str] {
    NAMES
}
