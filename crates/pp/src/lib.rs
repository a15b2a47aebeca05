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
//!   `__has_cpp_attribute` (0, but `__has_builtin` of the built-ins in `engine::HAS_BUILTIN`), character constants, `true`/`false`;
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
//! code includes (`cuda_runtime.h`, `cooperative_groups.h`, ...),
//! C/C++ standard headers with the device-relevant parts (`<cstdio>`, `<cmath>`, `<cassert>`
//! through `__assertfail`, ...). The loader (crates/db) decides the search order: the CUDA
//! runtime headers ([`is_runtime_header`]) before the toolkit's folders, the standard headers
//! only as a fallback after the host compiler's folders (real glibc and libstdc++ otherwise).
//!
//! Predefined macros ([`predefined_macros`], `predefined.rs`): nvcc 13.5's device pass with g++
//! 12 as host compiler, harvested by `testdata/program/harvest-predefined.sh` and compared with
//! the harvested lists in the tests.
//!
//! Not supported: trigraphs and digraphs (`%:`), splices inside a token (the lexer splits the
//! token there), `#pragma` arguments are not macro-expanded, `#line` does not change the
//! positions diagnostics carry (only `__LINE__`/`__FILE__`).

mod diag_pragmas;
mod engine;
mod expr;
mod headers;
mod lexed;
mod macros;
mod predefined;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use smol_str::SmolStr;
use warpc_base::{CompileOptions, Diagnostic, FileId, FileRange};
pub use warpc_syntax::{Piece, Pieces};

pub use diag_pragmas::{diag_pragmas, DiagPragmas, PragmaSeverity, PragmaState};
pub use headers::{builtin_header, builtin_header_names, is_runtime_header};

/// How the preprocessor reaches files. Implemented by the database (disk, LSP overlays, builtin
/// headers) and by tests (in-memory maps).
pub trait FileLoader {
    fn text(&self, file: FileId) -> Arc<str>;
    /// Name for `__FILE__` and diagnostics.
    fn display_name(&self, file: FileId) -> String;
    /// Resolves `#include "spelled"` (`angled == false`: the includer's directory first, then the
    /// `-I` directories, ...) or `#include <spelled>`. The loader also resolves warpc's builtin
    /// headers (see [`builtin_header`]) when the user's paths lack them.
    /// `next` (`#include_next`, `__has_include_next`): search only the folders after the one
    /// the includer was found in.
    fn resolve_include(&self, includer: FileId, spelled: &str, angled: bool, next: bool) -> Option<FileId>;
    /// Notes for an `#include` that was not found: where the loader looked and what it lacks.
    fn search_notes(&self) -> Vec<String> {
        Vec::new()
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PpOutput {
    /// Shared with the results this one goes on from (the prelude's, the preamble's).
    pub pieces: Pieces,
    pub diagnostics: Vec<Diagnostic>,
    /// Every file opened, in first-open order (the main file first, then the prelude): for `-M`.
    pub included_files: Vec<FileId>,
    /// Every outermost macro invocation written in a file, in order: diagnostics inside one get
    /// "in expansion of macro" with the definition.
    pub macro_calls: Vec<MacroCall>,
}

/// One outermost macro invocation in a file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MacroCall {
    /// The invocation's text (name and arguments).
    pub call: FileRange,
    pub name: SmolStr,
    /// Where the name is spelled in its `#define`; `None` for predefined and `-D` macros.
    pub definition: Option<FileRange>,
}

/// The header force-included before the main file, as nvcc force-includes `cuda_runtime.h`.
/// Resolved with `loader.resolve_include(main, PRELUDE, true)`.
pub const PRELUDE: &str = "__warpc_cuda_runtime.h";

/// A preprocessor for `main` with the predefined and command-line macros defined and the main
/// file and the prelude open.
fn start<'a>(main: FileId, loader: &'a dyn FileLoader, options: &CompileOptions) -> engine::Pp<'a> {
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
    // `--pre-include`s are opened, in order, when the prelude ends (see `Pp::end_file`).
    for name in options.pre_includes.iter().rev() {
        match loader.resolve_include(main, name, false, false) {
            Some(file) => pp.pending_pre_includes.push(file),
            None => pp.diags.push(Diagnostic::new(
                warpc_base::Severity::Error,
                "include-not-found",
                format!("cannot open source file \"{name}\" (--pre-include)"),
                None,
            )),
        }
    }
    match loader.resolve_include(main, PRELUDE, true, false) {
        Some(prelude) => pp.open_file(prelude),
        None => pp.diags.push(Diagnostic::new(
            warpc_base::Severity::Error,
            "include-not-found",
            format!("cannot open source file \"{PRELUDE}\""),
            None,
        )),
    }
    pp
}

fn output(pp: engine::Pp<'_>) -> PpOutput {
    PpOutput {
        pieces: pp.out.into(),
        diagnostics: pp.diags,
        included_files: pp.included,
        macro_calls: pp.macro_calls,
    }
}

/// Preprocesses `main` for the device pass described by `options`.
pub fn preprocess(main: FileId, loader: &dyn FileLoader, options: &CompileOptions) -> PpOutput {
    let mut pp = start(main, loader, options);
    pp.run();
    output(pp)
}

/// The main file's preamble (clangd's idea): its leading directives, comments and blank lines,
/// up to the first line of code, or up to the last line before it where no conditional of the
/// main file is open. The prelude and the headers it includes are preprocessed with it, once:
/// an edit below the preamble re-preprocesses only the rest of the main file
/// ([`preprocess_after`]).
#[derive(Debug)]
pub struct Preamble {
    /// The pieces, diagnostics and files of the preamble.
    pub output: PpOutput,
    /// Where the preamble ends in the main file.
    pub end: u32,
    state: Option<Arc<engine::PpState>>,
}

impl Preamble {
    /// Whether [`preprocess_after`] goes on from this preamble (else it preprocesses the whole
    /// file, and the output does not start with this preamble's pieces).
    pub fn resumable(&self) -> bool {
        self.state.is_some()
    }
}

impl PartialEq for Preamble {
    fn eq(&self, other: &Self) -> bool {
        self.output == other.output
            && self.end == other.end
            && match (&self.state, &other.state) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            }
    }
}

impl Eq for Preamble {}

/// Where the preamble of `text` (a main file) ends: the offset of the line break that ends its
/// last line (0 without one). A `#line` directive ends it before that directive (the presumed
/// line is not part of what a preamble carries).
pub fn preamble_end(text: &str) -> u32 {
    use warpc_syntax::SyntaxKind::{INT_NUMBER, WHITESPACE};
    let lexed = lexed::lex_file(text);
    let toks = &lexed.toks;
    let mut depth = 0i32;
    let mut cut = 0u32;
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i];
        if t.is_trivia() {
            i += 1;
            continue;
        }
        if !t.is_directive_start() {
            break;
        }
        let mut j = i + 1;
        let mut name: Option<&str> = None;
        while j < toks.len() && !(toks[j].kind == WHITESPACE && toks[j].has(lexed::NEWLINE)) {
            if name.is_none() && !toks[j].is_trivia() {
                name = Some(if toks[j].kind == INT_NUMBER {
                    "line"
                } else {
                    &text[toks[j].start as usize..toks[j].end as usize]
                });
            }
            j += 1;
        }
        match name {
            Some("if" | "ifdef" | "ifndef") => depth += 1,
            Some("endif") => depth -= 1,
            Some("line") => break,
            _ => {}
        }
        i = j;
        if depth == 0 {
            cut = toks.get(j).map_or(text.len() as u32, |t| t.start);
        }
    }
    cut
}

/// Preprocesses a preamble: `loader.text(main)` must give the main file's first `end` bytes.
pub fn preprocess_preamble(main: FileId, loader: &dyn FileLoader, options: &CompileOptions, end: u32) -> Preamble {
    let mut pp = start(main, loader, options);
    pp.run();
    let state = pp.snapshot().map(Arc::new);
    Preamble {
        output: output(pp),
        end,
        state,
    }
}

/// Preprocesses a main file's preamble going on from `prelude`: the [`preprocess_preamble`] of
/// an empty stand-in main file `placeholder` (same options, same folder), which holds only the
/// prelude and the `--pre-include` files and so serves every main file. `loader.text(main)` must
/// give the main file's first `end` bytes. Equal to [`preprocess_preamble`] of `main`.
pub fn preprocess_preamble_from(
    prelude: &Preamble,
    placeholder: FileId,
    main: FileId,
    loader: &dyn FileLoader,
    options: &CompileOptions,
    end: u32,
) -> Preamble {
    let Some(state) = &prelude.state else {
        return preprocess_preamble(main, loader, options, end);
    };
    let state = state.with_main(placeholder, main);
    let mut pp = engine::Pp::resume(loader, main, &state, 0);
    pp.run();
    let state = pp.snapshot().map(Arc::new);
    let rest = output(pp);
    let pre = &prelude.output;
    Preamble {
        output: PpOutput {
            pieces: pre.pieces.concat(rest.pieces),
            diagnostics: join(&pre.diagnostics, rest.diagnostics),
            included_files: rest.included_files,
            macro_calls: join(&pre.macro_calls, rest.macro_calls),
        },
        end,
        state,
    }
}

fn join<T: Clone>(a: &[T], b: Vec<T>) -> Vec<T> {
    let mut v = Vec::with_capacity(a.len() + b.len());
    v.extend_from_slice(a);
    v.extend(b);
    v
}

/// Preprocesses the main file after `preamble` (made from the same options, and from the same
/// text up to its end): the same output as [`preprocess`] over the whole file.
pub fn preprocess_after(
    preamble: &Preamble,
    main: FileId,
    loader: &dyn FileLoader,
    options: &CompileOptions,
) -> PpOutput {
    let Some(state) = &preamble.state else {
        return preprocess(main, loader, options);
    };
    let mut pp = engine::Pp::resume(loader, main, state, preamble.end);
    pp.run();
    let rest = output(pp);
    let pre = &preamble.output;
    PpOutput {
        pieces: pre.pieces.concat(rest.pieces),
        diagnostics: join(&pre.diagnostics, rest.diagnostics),
        included_files: rest.included_files,
        macro_calls: join(&pre.macro_calls, rest.macro_calls),
    }
}

/// The language standard `-std=` selects, as the value of `__cplusplus` (`201703L` for C++17,
/// nvcc's default). `CompileOptions` has no field for it: the driver passes `-std=c++NN` as the
/// command-line definition `-D__cplusplus=...`, and `-std` (strict ISO mode, unlike nvcc's
/// default GNU mode) also as `-D__STRICT_ANSI__`; these select the `__cpp_*` feature-test
/// macros here.
fn language_standard(options: &CompileOptions) -> (&'static str, bool) {
    let mut std = "201703L";
    let mut strict = false;
    for (name, value) in &options.macros {
        match (name.as_str(), value.as_deref()) {
            ("__cplusplus", Some(v)) => {
                std = match v.trim_end_matches(['L', 'l']) {
                    "199711" => "199711L",
                    "201103" => "201103L",
                    "201402" => "201402L",
                    "202002" => "202002L",
                    _ => "201703L",
                }
            }
            ("__STRICT_ANSI__", v) => strict = v.is_some(),
            _ => {}
        }
    }
    (std, strict)
}

/// The macros nvcc predefines for the device compilation pass, as `(name, replacement)`;
/// `name` may carry a parameter list. `options.macros` (`-D`/`-U`) are applied after these: a
/// `-D NAME` without a value must arrive as `(NAME, Some("1"))`.
///
/// The set is nvcc 13.5's with g++ 12 as the host compiler on x86-64 Linux, harvested with
/// `testdata/program/harvest-predefined.sh` (see `predefined.rs` for what is left out and why).
/// Flags that nvcc turns into definitions on the preprocessor's command line
/// (`--expt-relaxed-constexpr`: `__CUDACC_RELAXED_CONSTEXPR__`, `--extended-lambda`:
/// `__CUDACC_EXTENDED_LAMBDA__`, `-std`) reach warpc the same way, as `options.macros`; those
/// that `CompileOptions` carries (`-G`, `-rdc`, the target) are handled here. warpc adds one
/// name of its own, `__WARPC_USE_FAST_MATH__` with `--use_fast_math` (nvcc 13.5 defines no
/// macro for it; the prelude uses it to map math functions to fast intrinsics).
pub fn predefined_macros(options: &CompileOptions) -> Vec<(String, String)> {
    let arch = options.arch.cuda_arch();
    let (std, strict) = language_standard(options);
    let mut m: Vec<(String, String)> = Vec::new();
    let mut def = |n: &str, v: &str| m.push((n.to_string(), v.to_string()));
    // What nvcc passes to the device pass's preprocessor (`nvcc --dryrun`), in its order.
    def("__CUDA_ARCH__", &arch.to_string());
    if options.arch.arch_specific {
        def(&format!("__CUDA_ARCH_FEAT_SM{}_ALL", options.arch.number), "1");
        def("__CUDA_ARCH_SPECIFIC__", &arch.to_string());
    }
    if options.arch.arch_specific || options.arch.family_specific {
        def("__CUDA_ARCH_FAMILY_SPECIFIC__", &arch.to_string());
    }
    def("__CUDA_ARCH_LIST__", &arch.to_string());
    def("CUDA_DOUBLE_MATH_FUNCTIONS", "1");
    def("__CUDACC__", "1");
    def("__NVCC__", "1");
    if options.device_debug {
        def("__CUDACC_DEBUG__", "1");
    }
    if options.rdc {
        def("__CUDACC_RDC__", "1");
    }
    def("__CUDACC_VER_MAJOR__", "13");
    def("__CUDACC_VER_MINOR__", "5");
    def("__CUDACC_VER_BUILD__", "37");
    def("__CUDA_API_VER_MAJOR__", "13");
    def("__CUDA_API_VER_MINOR__", "5");
    def("__NVCC_DIAG_PRAGMA_SUPPORT__", "1");
    def("__CUDACC_DEVICE_ATOMIC_BUILTINS__", "1");
    if options.fast_math {
        def("__WARPC_USE_FAST_MATH__", "1");
    }
    if options.nvrtc {
        // NVRTC 13.5 predefines `__CUDACC_RTC__` and, of nvcc's set, only the CUDA, language
        // and data-model macros below (no host compiler: no `__GNUC__`, `__x86_64__`, `linux`,
        // `__NVCC__`); harvested from libnvrtc.so.13 with `#ifdef` probes.
        def("__CUDACC_RTC__", "1");
        if options.builtin_move_forward {
            // `-builtin-move-forward` (NVRTC's default): the prelude declares std::move/forward.
            def("__WARPC_BUILTIN_MOVE_FORWARD__", "1");
        }
        if options.minimal {
            // `--minimal`: the builtin header leaves out the runtime API and textures.
            def("__CUDACC_RTC_MINIMAL__", "1");
        }
    }
    // The host compiler's own: g++ 12.2's for x86-64 Linux, with the values the actual host
    // compiler (`-ccbin`) reports where it was asked; a macro it does not define is left out.
    // Only names of this set are taken from it: the rest of its list is what warpc leaves out on
    // purpose (see `predefined.rs`) or follows `-std` (below).
    let host: rustc_hash::FxHashMap<&str, &str> = options
        .header_search
        .host_macros
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    for (n, v) in predefined::GNU_COMMON {
        if host.is_empty() {
            def(n, v);
        } else if let Some(hv) = host.get(n) {
            def(n, hv);
        }
    }
    def("__cplusplus", std);
    let features = match std {
        "199711L" => predefined::CPP_FEATURES_03,
        "201103L" => predefined::CPP_FEATURES_11,
        "201402L" => predefined::CPP_FEATURES_14,
        "202002L" => predefined::CPP_FEATURES_20,
        _ => predefined::CPP_FEATURES_17,
    };
    for (n, v) in features {
        def(n, v);
    }
    if std == "199711L" {
        def("__GNUC_GNU_INLINE__", "1");
    } else {
        def("__GNUC_STDC_INLINE__", "1");
        def("__GXX_EXPERIMENTAL_CXX0X__", "1");
        def("__STDCPP_THREADS__", "1");
        def("__STDC_UTF_16__", "1");
        def("__STDC_UTF_32__", "1");
    }
    if std == "201703L" || std == "202002L" {
        def("__STDCPP_DEFAULT_NEW_ALIGNMENT__", "16");
    }
    if std == "202002L" {
        def("__CHAR8_TYPE__", "unsigned char");
        def("__GCC_ATOMIC_CHAR8_T_LOCK_FREE", "2");
    }
    if !strict {
        // GNU mode (nvcc's default without `-std`): the non-reserved system names.
        def("linux", "1");
        def("unix", "1");
    }
    if options.nvrtc {
        m.retain(|(name, _)| nvrtc_predefines(name.split('(').next().unwrap_or(name)));
    }
    m
}

/// Whether NVRTC 13.5 predefines `name` (of the names nvcc's device pass predefines).
fn nvrtc_predefines(name: &str) -> bool {
    name.starts_with("__cpp_")
        || name.starts_with("__CUDA_ARCH")
        || name.starts_with("__CUDACC")
        || name.starts_with("__CUDA_API_VER")
        || matches!(
            name,
            "__EXCEPTIONS"
                | "__LP64__"
                | "__NVCC_DIAG_PRAGMA_SUPPORT__"
                | "__PRAGMA_REDEFINE_EXTNAME"
                | "__STDCPP_DEFAULT_NEW_ALIGNMENT__"
                | "__STDC_HOSTED__"
                | "__STDC__"
                | "__cplusplus"
                | "__WARPC_USE_FAST_MATH__"
                | "__WARPC_BUILTIN_MOVE_FORWARD__"
        )
}

/// The macro table after the predefined macros and the command-line `-D`/`-U` options
/// (`options.macros`, in order): `(name, replacement)` sorted by name, `name` without its
/// parameter list, `replacement` as `-dM` would print it after the name (parameters included).
/// For tests and `-dM`-style listings.
pub fn initial_macro_table(options: &CompileOptions) -> Vec<(String, String)> {
    fn key(name: &str) -> &str {
        name.split('(').next().unwrap_or(name)
    }
    let mut table: std::collections::BTreeMap<String, String> = std::collections::BTreeMap::new();
    let put = |table: &mut std::collections::BTreeMap<String, String>, name: &str, value: &str| {
        let k = key(name).to_string();
        let v = match name.find('(') {
            Some(i) => format!("{} {value}", &name[i..]).trim_end().to_string(),
            None => value.to_string(),
        };
        table.insert(k, v);
    };
    for (n, v) in predefined_macros(options) {
        put(&mut table, &n, &v);
    }
    for (n, v) in &options.macros {
        match v {
            Some(v) => put(&mut table, n, v),
            None => {
                table.remove(key(n));
            }
        }
    }
    table.into_iter().collect()
}

/// The preprocessed translation unit as text (`warpc -E`): the tokens the parser sees, each
/// source line on its own line where it was (blank lines keep line numbers), macro expansions
/// space-separated, GNU line markers (`# 1 "file"`) when entering and leaving included files.
/// Directives, comments and inactive groups are left out.
pub fn preprocessed_text(
    pieces: &[Piece],
    main: FileId,
    text_of: &dyn Fn(FileId) -> Arc<str>,
    name_of: &dyn Fn(FileId) -> String,
) -> String {
    use warpc_syntax::SyntaxKind;
    struct Open {
        file: FileId,
        text: Arc<str>,
        line: u32,
    }
    let mut out = String::new();
    let mut stack = vec![Open {
        file: main,
        text: text_of(main),
        line: 1,
    }];
    out.push_str(&format!("# 1 \"{}\"\n", name_of(main)));
    let mut space = false;
    let mut deferred_newlines = 0u32;
    let flush = |out: &mut String, deferred: &mut u32| {
        for _ in 0..*deferred {
            out.push('\n');
        }
        *deferred = 0;
    };
    let at_line_start = |out: &String| out.is_empty() || out.ends_with('\n');
    for piece in pieces {
        match piece {
            Piece::Trivia { kind, range } => {
                let top = stack.last_mut().expect("file stack");
                let slice = top.text.get(std::ops::Range::<usize>::from(*range)).unwrap_or("");
                let newlines = slice.matches('\n').count() as u32;
                top.line += newlines;
                if *kind == SyntaxKind::MACRO_CALL {
                    deferred_newlines += newlines;
                } else {
                    flush(&mut out, &mut deferred_newlines);
                    for _ in 0..newlines {
                        out.push('\n');
                    }
                }
                space = true;
            }
            Piece::Token { range, .. } => {
                flush(&mut out, &mut deferred_newlines);
                let top = stack.last().expect("file stack");
                let slice = top.text.get(std::ops::Range::<usize>::from(*range)).unwrap_or("");
                if space && !at_line_start(&out) {
                    out.push(' ');
                }
                out.push_str(slice);
                space = false;
            }
            Piece::Expanded { text, .. } => {
                if !at_line_start(&out) {
                    out.push(' ');
                }
                out.push_str(text);
                space = true;
            }
            Piece::EnterFile { file } => {
                flush(&mut out, &mut deferred_newlines);
                if !at_line_start(&out) {
                    out.push('\n');
                }
                out.push_str(&format!("# 1 \"{}\"\n", name_of(*file)));
                stack.push(Open {
                    file: *file,
                    text: text_of(*file),
                    line: 1,
                });
                space = false;
            }
            Piece::LeaveFile => {
                flush(&mut out, &mut deferred_newlines);
                if stack.len() > 1 {
                    stack.pop();
                }
                if !at_line_start(&out) {
                    out.push('\n');
                }
                let top = stack.last().expect("file stack");
                out.push_str(&format!("# {} \"{}\"\n", top.line, name_of(top.file)));
                space = false;
            }
        }
    }
    flush(&mut out, &mut deferred_newlines);
    if !at_line_start(&out) {
        out.push('\n');
    }
    out
}
