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
    "cuda_fp16.h",
    "cuda_bf16.h",
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
    "limits",
    "type_traits",
];

/// The first line of every host-only stub; the preprocessor notes an `#include` that resolves
/// to a file starting with it.
pub(crate) const HOST_STUB_MARKER: &str = "/* warpc: host-only header stub */";

/// The text of every host-only stub: empty, since the device pass neither checks nor lowers
/// host function bodies.
const HOST_STUB: &str = "/* warpc: host-only header stub */\n\
/* A host-only standard library header: warpc's device pass does not compile host code, so this\n\
   empty stub only lets the #include resolve. Pass the host compiler's include directories\n\
   (-isystem) to read the real header instead. */\n";

/// Standard library and system headers that only host code uses. Decision (issue #5): warpc's
/// parser does not read libstdc++, so when the user's include paths do not provide them these
/// resolve to [`HOST_STUB`], with a note at the `#include`. The C++ headers whose contents device
/// code uses (`<cstdio>`, `<cmath>`, `<cstdint>`, `<climits>`, `<cfloat>`, `<cassert>`,
/// `<cstdlib>`, `<cstring>`, `<cstddef>`) are real builtin headers instead.
const HOST_ONLY: &[&str] = &[
    // C++ library
    "algorithm", "any", "array", "atomic", "barrier", "bit", "bitset", "charconv", "chrono", "codecvt", "compare",
    "complex", "concepts", "condition_variable", "coroutine", "deque", "exception", "execution", "expected",
    "filesystem", "format", "forward_list", "fstream", "functional", "future", "initializer_list", "iomanip", "ios",
    "iosfwd", "iostream", "istream", "iterator", "latch", "list", "locale", "map", "memory",
    "memory_resource", "mutex", "new", "numbers", "numeric", "optional", "ostream", "print", "queue", "random",
    "ranges", "ratio", "regex", "scoped_allocator", "semaphore", "set", "shared_mutex", "source_location", "span",
    "sstream", "stack", "stacktrace", "stdexcept", "stop_token", "streambuf", "string", "string_view", "syncstream",
    "system_error", "thread", "tuple", "typeindex", "typeinfo", "unordered_map", "unordered_set",
    "utility", "valarray", "variant", "vector", "version",
    // C library headers device code does not use
    "cctype", "ctype.h", "cerrno", "errno.h", "csignal", "signal.h", "csetjmp", "setjmp.h", "clocale", "locale.h",
    "ctime", "time.h", "cwchar", "wchar.h", "cwctype", "wctype.h", "cuchar", "uchar.h", "cfenv", "fenv.h",
    "cstdarg", "stdarg.h", "cstdbool", "stdbool.h", "ciso646", "iso646.h", "cstdalign", "stdalign.h", "ccomplex",
    "ctgmath", "tgmath.h",
    // POSIX and common system headers
    "unistd.h", "pthread.h", "dlfcn.h", "fcntl.h", "sys/time.h", "sys/types.h", "sys/stat.h", "sys/mman.h",
    "sys/resource.h", "sys/wait.h", "omp.h",
];

/// The text of builtin header `name` (`"cuda_runtime.h"`, `"cstdio"`, [`crate::PRELUDE`], ...).
pub fn builtin_header(name: &str) -> Option<&'static str> {
    HEADERS.iter().find(|(n, _)| *n == name).map(|(_, text)| *text).or_else(|| HOST_ONLY.contains(&name).then_some(HOST_STUB))
}

/// Every builtin header name (the host-only stubs included).
pub fn builtin_header_names() -> Vec<&'static str> {
    NAMES.iter().chain(HOST_ONLY).copied().collect()
}

/// Whether `name` is one of the empty host-only stubs (`<vector>`, `<iostream>`, ...).
pub fn is_host_only_header(name: &str) -> bool {
    HOST_ONLY.contains(&name)
}
