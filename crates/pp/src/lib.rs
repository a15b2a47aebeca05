//! The C/C++ preprocessor of warpc, and warpc's builtin CUDA headers.
//!
//! [`preprocess`] turns a main file (plus whatever it includes, found through a [`FileLoader`])
//! into the [`Piece`] stream of `warpc_syntax::pieces`: every byte of every file read, in order,
//! as `Trivia`/`Token` pieces, interleaved with the macro-expanded tokens the parser sees.
//!
//! What it implements (C11 6.10, C++20 `[cpp]`):
//! - object-like and function-like macros, `#` and `##` (pasted spellings are re-lexed with
//!   `lex_single`; an invalid paste is a diagnostic and keeps both tokens), `__VA_ARGS__`,
//!   `__VA_OPT__`, GNU named variadics (`args...`) and GNU `, ## __VA_ARGS__`;
//! - rescanning as GCC, Clang and EDG do it (a macro is disabled inside its own replacement and
//!   names read while disabled are painted blue; see `engine`), with argument pre-expansion, so
//!   recursion always stops; a token budget and a nesting limit bound the work on pathological
//!   input. Checked token for token against `g++ -E` (`differential_against_gcc`);
//! - `#if/#ifdef/#ifndef/#elif/#elifdef/#elifndef/#else/#endif` with `intmax_t`/`uintmax_t`
//!   arithmetic, `defined`, `__has_include`, `__has_builtin`/`__has_attribute`/
//!   `__has_cpp_attribute` (always 0), character constants, `true`/`false`;
//! - `#include` (quoted, angled, computed), `#import` (include once), `#include_next` (as
//!   `#include`, except that finding the including file itself includes nothing: the loader has
//!   no notion of "the next directory"), `#pragma once`, include-guard detection (a guarded
//!   header is not re-entered, so its `#include` is just a `DIRECTIVE`), a depth limit of 200
//!   and a limit on the total number of file entries;
//! - `#define/#undef` with redefinition checks, `#line` (and GNU `# N "file"`), `#error`,
//!   `#warning`, `#pragma push_macro/pop_macro`, `_Pragma`, `__FILE__ __LINE__ __COUNTER__
//!   __DATE__ __TIME__ __TIMESTAMP__ __BASE_FILE__ __FILE_NAME__ __INCLUDE_LEVEL__`
//!   (date and time are fixed, so output is deterministic);
//! - directives inside macro arguments (executed, as GCC and Clang do; `#include` there is an
//!   error).
//!
//! How the pieces look:
//! - whitespace and comments are `WHITESPACE`/`COMMENT` trivia; a directive line (with its
//!   continuations and trailing comment, up to the newline) is one `DIRECTIVE`; a skipped group
//!   is one `INACTIVE` (from the line after its directive up to the `#` of the next one);
//! - `#pragma X` (other than `once`, `push_macro`, `pop_macro`) is one parser-visible `PRAGMA`
//!   token over the directive text up to its last token; `_Pragma("X")` becomes an `Expanded`
//!   `PRAGMA` with text `#pragma X`;
//! - a macro invocation is a `MACRO_CALL` trivia over its text followed by its expansion as
//!   `Expanded` pieces (keyword-classified); when directives sit inside the argument list the
//!   invocation text is split into several `MACRO_CALL` pieces around their `DIRECTIVE`s;
//! - an included file's pieces sit between `EnterFile` and `LeaveFile`, right after the
//!   `#include` directive; the prelude ([`PRELUDE`]) is entered before any main-file piece;
//! - lexer errors become diagnostics when the erroneous token reaches the parser (so `#error
//!   don't` and `#x` of odd characters are fine), unterminated comments always.
//!
//! Builtin headers (`include/`, see [`builtin_header`]): the prelude, the CUDA headers device
//! code includes, C/C++ standard headers with the device-relevant parts, and empty stubs for
//! host-only C++ library headers (`<vector>`, `<iostream>`, ...), since host bodies are parsed
//! but not checked.
//!
//! Not supported: trigraphs and digraphs (`%:`), splices inside a token (the lexer splits the
//! token there), `#pragma` arguments are not macro-expanded, `#line` does not change the
//! positions diagnostics carry (only `__LINE__`/`__FILE__`).

mod engine;
mod expr;
mod headers;
mod lexed;
mod macros;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use warpc_base::{CompileOptions, Diagnostic, FileId};
pub use warpc_syntax::Piece;

pub use headers::{builtin_header, builtin_header_names};

/// How the preprocessor reaches files. Implemented by the database (disk, LSP overlays, builtin
/// headers) and by tests (in-memory maps).
pub trait FileLoader {
    fn text(&self, file: FileId) -> Arc<str>;
    /// Name for `__FILE__` and diagnostics.
    fn display_name(&self, file: FileId) -> String;
    /// Resolves `#include "spelled"` (`angled == false`: the includer's directory first, then the
    /// `-I` directories, ...) or `#include <spelled>`. The loader also resolves warpc's builtin
    /// headers (see [`builtin_header`]) when the user's paths lack them.
    fn resolve_include(&self, includer: FileId, spelled: &str, angled: bool) -> Option<FileId>;
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PpOutput {
    pub pieces: Vec<Piece>,
    pub diagnostics: Vec<Diagnostic>,
    /// Every file opened, in first-open order (the main file first, then the prelude): for `-M`.
    pub included_files: Vec<FileId>,
}

/// The header force-included before the main file, as nvcc force-includes `cuda_runtime.h`.
/// Resolved with `loader.resolve_include(main, PRELUDE, true)`.
pub const PRELUDE: &str = "__warpc_cuda_runtime.h";

/// Preprocesses `main` for the device pass described by `options`.
pub fn preprocess(main: FileId, loader: &dyn FileLoader, options: &CompileOptions) -> PpOutput {
    let mut pp = engine::Pp::new(loader, main);
    for (name, value) in predefined_macros(options) {
        pp.define_text(&name, &value);
    }
    for (name, value) in &options.macros {
        match value {
            Some(value) => pp.define_text(name, value),
            None => pp.undef_text(name),
        }
    }
    pp.open_main();
    match loader.resolve_include(main, PRELUDE, true) {
        Some(prelude) => pp.open_file(prelude),
        None => pp.diags.push(Diagnostic::new(
            warpc_base::Severity::Error,
            "include-not-found",
            format!("cannot open source file \"{PRELUDE}\""),
            None,
        )),
    }
    pp.run();
    PpOutput { pieces: pp.out, diagnostics: pp.diags, included_files: pp.included }
}

/// The macros nvcc predefines for the device compilation pass, as `(name, replacement)`;
/// `name` may carry a parameter list. `options.macros` (`-D`/`-U`) are applied after these: a
/// `-D NAME` without a value must arrive as `(NAME, Some("1"))`.
pub fn predefined_macros(options: &CompileOptions) -> Vec<(String, String)> {
    let arch = options.arch.cuda_arch();
    let mut m: Vec<(String, String)> = Vec::new();
    let mut def = |n: &str, v: &str| m.push((n.to_string(), v.to_string()));
    // CUDA
    def("__CUDACC__", "1");
    def("__NVCC__", "1");
    def("__CUDA_ARCH__", &arch.to_string());
    def("__CUDA_ARCH_LIST__", &arch.to_string());
    def("__CUDACC_VER_MAJOR__", "13");
    def("__CUDACC_VER_MINOR__", "5");
    def("__CUDACC_VER_BUILD__", "37");
    def("__CUDA_API_VER_MAJOR__", "13");
    def("__CUDA_API_VER_MINOR__", "5");
    def("__NVCC_DIAG_PRAGMA_SUPPORT__", "1");
    if options.arch.arch_specific {
        def(&format!("__CUDA_ARCH_FEAT_SM{}_ALL", options.arch.number), "1");
        def("__CUDA_ARCH_SPECIFIC__", &arch.to_string());
    }
    if options.arch.arch_specific || options.arch.family_specific {
        def("__CUDA_ARCH_FAMILY_SPECIFIC__", &arch.to_string());
    }
    if options.fast_math {
        def("__USE_FAST_MATH__", "1");
    }
    if options.rdc {
        def("__CUDACC_RDC__", "1");
    }
    if options.device_debug {
        def("__CUDACC_DEBUG__", "1");
    }
    if options.prec_div {
        def("__CUDA_PREC_DIV", "1");
    }
    if options.prec_sqrt {
        def("__CUDA_PREC_SQRT", "1");
    }
    if options.ftz {
        def("__CUDA_FTZ", "1");
    }
    // The host compiler nvcc pretends to be (g++ 12 on x86-64 Linux, C++17).
    def("__cplusplus", "201703L");
    def("__STDC_HOSTED__", "1");
    def("__GNUC__", "12");
    def("__GNUC_MINOR__", "2");
    def("__GNUC_PATCHLEVEL__", "0");
    def("__GNUG__", "12");
    def("__x86_64__", "1");
    def("__x86_64", "1");
    def("__linux__", "1");
    def("__linux", "1");
    def("__unix__", "1");
    def("__unix", "1");
    def("__ELF__", "1");
    def("__LP64__", "1");
    def("_LP64", "1");
    def("__CHAR_BIT__", "8");
    def("__SIZEOF_SHORT__", "2");
    def("__SIZEOF_INT__", "4");
    def("__SIZEOF_LONG__", "8");
    def("__SIZEOF_LONG_LONG__", "8");
    def("__SIZEOF_POINTER__", "8");
    def("__SIZEOF_FLOAT__", "4");
    def("__SIZEOF_DOUBLE__", "8");
    def("__SIZEOF_LONG_DOUBLE__", "16");
    def("__SIZEOF_SIZE_T__", "8");
    def("__SIZEOF_WCHAR_T__", "4");
    def("__SCHAR_MAX__", "0x7f");
    def("__SHRT_MAX__", "0x7fff");
    def("__INT_MAX__", "0x7fffffff");
    def("__LONG_MAX__", "0x7fffffffffffffffL");
    def("__LONG_LONG_MAX__", "0x7fffffffffffffffLL");
    def("__ORDER_LITTLE_ENDIAN__", "1234");
    def("__ORDER_BIG_ENDIAN__", "4321");
    def("__BYTE_ORDER__", "__ORDER_LITTLE_ENDIAN__");
    def("__EXCEPTIONS", "1");
    def("__GXX_RTTI", "1");
    m
}
