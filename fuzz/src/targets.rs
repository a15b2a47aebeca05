//! The fuzz targets' bodies, shared by the cargo-fuzz targets (`fuzz_targets/*.rs`), the stable
//! driver (`src/bin/stable.rs`) and the workspace's always-on short run
//! (`crates/driver/tests/robustness.rs` includes this file with `#[path]`), so it uses only
//! `warpc_base` and `warpc_db`.
//!
//! Each target takes arbitrary bytes, decodes them the way the driver does (lossy UTF-8), runs
//! one front-end stage through the database and panics when an invariant breaks:
//!
//! - `preprocess`: every diagnostic lies inside a file it names;
//! - `parse`: every file's tree spells that file's text exactly (lossless);
//! - `check`: all of the front end (`warpc_db::diagnostics`: preprocessing, parsing, item tree,
//!   def map, lowering and checking of every device function); every error has a location
//!   unless no file is involved.
//!
//! Without the builtin prelude (an empty `__warpc_cuda_runtime.h` found first on the include
//! path), a run costs well under a millisecond in a release build; one input in
//! [`PRELUDE_EVERY`] runs with the real prelude.

#![allow(dead_code)]

use warpc_base::{CompileOptions, Diagnostic, SmVersion};
use warpc_db::{Compilation, Database};

/// The file name fuzz inputs are compiled as.
pub const MAIN: &str = "/fuzz/input.cu";
const EMPTY_PRELUDE_DIR: &str = "/fuzz/empty-prelude";
/// One input in this many (chosen by its length) runs with the builtin prelude.
pub const PRELUDE_EVERY: usize = 64;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Preprocess,
    Parse,
    Check,
}

impl Target {
    pub const ALL: [Target; 3] = [Target::Preprocess, Target::Parse, Target::Check];

    pub fn name(self) -> &'static str {
        match self {
            Target::Preprocess => "preprocess",
            Target::Parse => "parse",
            Target::Check => "check",
        }
    }

    pub fn from_name(s: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Runs the target on `data`; panics when an invariant breaks.
    pub fn run(self, data: &[u8]) {
        match self {
            Target::Preprocess => preprocess(data),
            Target::Parse => parse(data),
            Target::Check => check(data),
        }
    }
}

/// A database holding `data` as the main file, and its compilation (sm_90, or sm_75 for inputs
/// of odd length, so both sides of `__CUDA_ARCH__` tests are seen).
fn setup(data: &[u8]) -> (Database, Compilation) {
    let text = String::from_utf8_lossy(data);
    let mut db = Database::new();
    let prelude = data.len().is_multiple_of(PRELUDE_EVERY);
    let arch = if data.len() % 2 == 1 { "sm_75" } else { "sm_90" };
    let mut options = CompileOptions {
        arch: SmVersion::parse(arch).unwrap(),
        ..CompileOptions::default()
    };
    if !prelude {
        db.set_file_text(format!("{EMPTY_PRELUDE_DIR}/__warpc_cuda_runtime.h"), "");
        options.include_dirs.push(EMPTY_PRELUDE_DIR.into());
    }
    // A header the input can include (and include cycles through).
    db.set_file_text(
        "/fuzz/h.h",
        "#pragma once\n#include \"input.cu\"\n__device__ int from_header(int x) { return x; }\n",
    );
    let main = db.set_file_text(MAIN, &text);
    let comp = Compilation::new(&db, main, options, None);
    (db, comp)
}

fn check_located(db: &Database, d: &Diagnostic) {
    if let Some(p) = d.primary {
        let len = db.file_text(p.file).len();
        assert!(
            usize::from(p.range.end()) <= len,
            "diagnostic past the end of its file: {d:?}"
        );
    }
    if let Some(f) = &d.fix {
        let len = db.file_text(f.range.file).len();
        assert!(
            usize::from(f.range.range.end()) <= len,
            "fix past the end of its file: {d:?}"
        );
    }
}

pub fn preprocess(data: &[u8]) {
    let (db, comp) = setup(data);
    let out = warpc_db::preprocess(&db, comp);
    for d in &out.diagnostics {
        check_located(&db, d);
    }
}

pub fn parse(data: &[u8]) {
    let (db, comp) = setup(data);
    let parse = warpc_db::parse(&db, comp);
    for t in &parse.trees {
        let text = t.syntax().text().to_string();
        assert!(
            text == *db.file_text(t.file),
            "the tree of {} is not lossless",
            db.path(t.file).display()
        );
    }
    for d in &parse.errors {
        check_located(&db, d);
    }
}

pub fn check(data: &[u8]) {
    let (db, comp) = setup(data);
    let diags = warpc_db::diagnostics(&db, comp);
    for d in diags.iter() {
        check_located(&db, d);
    }
    let errors: Vec<&Diagnostic> = diags.iter().filter(|d| d.is_error()).collect();
    assert!(
        errors.is_empty() || errors.iter().any(|d| d.primary.is_some()),
        "errors without a location: {errors:?}"
    );
}

// ---- input generation, shared by the stable driver and the short run ----

/// xorshift64*.
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Fragments worth inserting (the dictionary): brackets and separators that derail the
/// parser, directives, macro tricks, literals, CUDA and C++ constructs, bad bytes.
pub const DICT: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    "<",
    ">",
    ">>",
    "<<<",
    ">>>",
    "*",
    "&",
    "&&",
    "=",
    "::",
    "->",
    ".",
    "...",
    "?",
    ":",
    "#",
    "##",
    "\\\n",
    "\"",
    "'",
    "/*",
    "*/",
    "//",
    "\n#define M(x) x ## x\n",
    "\n#define R R\n",
    "\n#define F(...) __VA_ARGS__\n",
    "\n#undef M\n",
    "\n#if 1\n",
    "\n#if 0\n",
    "\n#elif 1\n",
    "\n#endif\n",
    "\n#else\n",
    // (Not `#include "input.cu"`: a file including itself k times without a guard is k^depth
    // inclusions, bounded only by the preprocessor's 50,000-entry limit; see
    // `regressions/self_include_many.cu`.)
    "\n#include \"h.h\"\n",
    "\n#include <cuda_runtime.h>\n",
    "\n#pragma unroll\n",
    "\n#line 1 \"x\"\n",
    "_Pragma(\"unroll\")",
    "__VA_OPT__(",
    "defined(",
    "__has_include(",
    "int",
    "void",
    "float",
    "double",
    "unsigned",
    "long",
    "char",
    "bool",
    "auto",
    "const",
    "volatile",
    "static",
    "extern",
    "inline",
    "struct",
    "union",
    "enum",
    "class",
    "typedef",
    "return",
    "if",
    "else",
    "for",
    "while",
    "do",
    "switch",
    "case",
    "default:",
    "break;",
    "continue;",
    "goto",
    "sizeof",
    "alignof",
    "__global__",
    "__device__",
    "__host__",
    "__shared__",
    "__constant__",
    "__launch_bounds__(",
    "__restrict__",
    "extern \"C\"",
    "template<",
    "template <class T>",
    "typename",
    "namespace",
    "using",
    "operator",
    "static_assert(",
    "constexpr",
    "decltype(",
    "noexcept",
    "[&]",
    "[=]",
    "[](int x)",
    "this",
    "public:",
    "virtual",
    "new",
    "delete",
    "0x",
    "1e",
    "1.5f",
    "0x1p-3",
    "'a'",
    "\"s\"",
    "u8\"x\"",
    "R\"(raw)\"",
    "threadIdx.x",
    "blockIdx",
    "__syncthreads()",
    "atomicAdd(",
    "printf(\"%d\",",
    "<<<1,1>>>",
    "asm(\"\" : : );",
    "\u{0}",
    "\u{fffd}",
    "\u{ff}",
    "é",
    "`",
    "@",
    "$",
    "\r\n",
    "\t",
    " ",
    "\n",
];

/// One mutation of `data`, libFuzzer style: flip, insert, delete, duplicate or swap bytes and
/// ranges, insert dictionary words, splice in part of another corpus input; a few at once.
pub fn mutate(data: &[u8], corpus: &[Vec<u8>], rng: &mut Rng, max_len: usize) -> Vec<u8> {
    let mut v = data.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(v.len() + 1);
        match rng.below(10) {
            0 => {
                if at < v.len() {
                    v[at] ^= 1 << rng.below(8);
                }
            }
            1 => {
                if at < v.len() {
                    v[at] = rng.below(256) as u8;
                }
            }
            2 | 3 => {
                let w = DICT[rng.below(DICT.len())].as_bytes();
                v.splice(at..at, w.iter().copied());
            }
            4 | 5 => {
                let len = 1 + rng.below(16.min(v.len().saturating_sub(at)).max(1));
                let end = (at + len).min(v.len());
                v.drain(at..end);
            }
            6 => {
                let len = rng.below(64.min(v.len().saturating_sub(at)) + 1);
                let chunk: Vec<u8> = v[at..(at + len).min(v.len())].to_vec();
                let most = if rng.below(8) == 0 { 200 } else { 3 };
                let times = 1 + rng.below(most);
                let rep: Vec<u8> = chunk.iter().copied().cycle().take(chunk.len() * times).collect();
                v.splice(at..at, rep);
            }
            7 => {
                if !corpus.is_empty() {
                    let other = &corpus[rng.below(corpus.len())];
                    let s = rng.below(other.len() + 1);
                    let e = (s + rng.below(256)).min(other.len());
                    v.splice(at..at, other[s..e].iter().copied());
                }
            }
            8 => {
                // Swap two ranges' worth of bytes (reorders tokens).
                let b = rng.below(v.len() + 1);
                let (x, y) = (at.min(b), at.max(b));
                if y > x + 1 {
                    v[x..y].rotate_left(1 + rng.below(y - x - 1));
                }
            }
            _ => {
                // Truncate: unterminated constructs at the end of input.
                if at < v.len() {
                    v.truncate(at);
                }
            }
        }
    }
    v.truncate(max_len);
    v
}
