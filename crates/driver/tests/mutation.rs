//! Seeded token-mutation testing of the front end (issue 3's "no input can break the compiler").
//!
//! Every `.cu` file of the shared conformance corpus, `testdata/` and `testdata/robustness/` is
//! cut into tokens by a small lexer, and variants are made by deleting, inserting, duplicating
//! and swapping tokens (a xorshift generator with fixed seeds, so every run tests the same
//! variants). Each variant goes through the database's front end (`warpc_db::diagnostics`:
//! preprocessing, parsing, declarations, lowering and checking of every device function) and
//! must:
//!
//! - not panic;
//! - keep every file's tree lossless (its text equals the file's text);
//! - when it has errors, have at least one error with a source location.
//!
//! A second test takes variants that compile without errors through code generation and asserts
//! that ptxas accepts the PTX. (No `cargo fuzz` targets: there is no nightly toolchain here; this
//! is the stable, deterministic stand-in.)

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;
use warpc_base::{CompileOptions, Diagnostic, SmVersion};
use warpc_db::{Compilation, Database};

/// xorshift64: small, seeded, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Splits C/CUDA source into tokens: identifiers/numbers, string and character literals,
/// comments, whitespace runs and single punctuation characters. Concatenating the tokens gives
/// the text back.
fn tokens(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let c = b[i];
        if c.is_ascii_alphanumeric() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
        } else if c.is_ascii_whitespace() {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else if text[i..].starts_with("//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if text[i..].starts_with("/*") {
            i = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
        while !text.is_char_boundary(i.min(b.len())) {
            i += 1;
        }
        let i2 = i.min(b.len());
        out.push(&text[start..i2]);
        i = i2;
    }
    out
}

/// Tokens worth inserting: brackets and separators that derail the parser, preprocessor
/// fragments, unterminated literals and comments, keywords, C++ constructs.
const INSERTS: &[&str] = &[
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
    "*",
    "&",
    "=",
    "::",
    "->",
    ".",
    "...",
    "#",
    "##",
    "\\\n",
    "\"",
    "'",
    "/*",
    "*/",
    "\n#define M(x) x x\n",
    "\n#if 1\n",
    "\n#endif\n",
    "\n#else\n",
    "\n#include \"nope.h\"\n",
    "int",
    "void",
    "float",
    "struct",
    "typedef",
    "return",
    "if",
    "else",
    "for",
    "switch",
    "case",
    "default:",
    "goto",
    "sizeof",
    "__global__",
    "__device__",
    "__shared__",
    "__constant__",
    "extern \"C\"",
    "template<",
    "class",
    "namespace",
    "operator",
    "0x",
    "1e",
    "1.5f",
    "'a'",
    "\"s\"",
    "threadIdx",
    "blockIdx.x",
    "__syncthreads()",
    "<<<1,1>>>",
    "\u{0}",
    "\u{fffd}",
    "é",
    "`",
    "@",
    "$",
    // C++: templates, lambdas, references, namespaces, classes, operators.
    "template <typename T>",
    "template <int N>",
    "<int>",
    "<T, 4>",
    ">>",
    "typename",
    "[&]",
    "[=]",
    "[](int x)",
    "mutable",
    "-> int",
    "auto",
    "constexpr",
    "decltype(",
    "noexcept",
    "&&",
    "using",
    "using namespace",
    "namespace n {",
    "n::",
    "::template",
    "public:",
    "private:",
    "virtual",
    "this->",
    "operator()",
    "operator+",
    "static_assert(",
    "= default;",
    "= delete;",
    "nullptr",
    "const&",
    "...",
    "sizeof...(",
    "friend",
];

fn mutate(toks: &[&str], rng: &mut Rng) -> String {
    let mut v: Vec<String> = toks.iter().map(|t| t.to_string()).collect();
    // Indices of non-whitespace tokens (mutating whitespace is rarely interesting).
    let edits = 1 + rng.below(3);
    for _ in 0..edits {
        if v.is_empty() {
            v.push(INSERTS[rng.below(INSERTS.len())].to_string());
            continue;
        }
        let solid: Vec<usize> = (0..v.len()).filter(|&i| !v[i].trim().is_empty()).collect();
        let at = if solid.is_empty() {
            rng.below(v.len())
        } else {
            solid[rng.below(solid.len())]
        };
        match rng.below(5) {
            0 | 1 => {
                v.remove(at);
            }
            2 => {
                let t = if rng.below(3) == 0 && !solid.is_empty() {
                    v[solid[rng.below(solid.len())]].clone()
                } else {
                    INSERTS[rng.below(INSERTS.len())].to_string()
                };
                v.insert(at, t);
            }
            3 => {
                let t = v[at].clone();
                v.insert(at, t);
            }
            _ => {
                if at + 1 < v.len() {
                    v.swap(at, at + 1);
                }
            }
        }
    }
    v.concat()
}

/// Mutations that often keep a program valid, to reach code generation: swap a binary operator
/// for another, change an integer literal, delete or duplicate a statement.
fn mutate_gently(toks: &[&str], rng: &mut Rng) -> String {
    const OPS: &[&str] = &["+", "-", "*", "^", "|", "&", "<", ">", "%", "/"];
    let mut v: Vec<String> = toks.iter().map(|t| t.to_string()).collect();
    for _ in 0..1 + rng.below(2) {
        let solid: Vec<usize> = (0..v.len()).filter(|&i| !v[i].trim().is_empty()).collect();
        if solid.is_empty() {
            break;
        }
        let at = solid[rng.below(solid.len())];
        match rng.below(5) {
            0 | 1 => {
                if let Some(&i) = (0..solid.len())
                    .map(|k| &solid[(at + k) % solid.len()])
                    .find(|&&i| OPS.contains(&v[i].as_str()))
                {
                    v[i] = OPS[rng.below(OPS.len())].to_string();
                }
            }
            2 => {
                if let Some(&i) = (0..solid.len())
                    .map(|k| &solid[(at + k) % solid.len()])
                    .find(|&&i| v[i].bytes().all(|b| b.is_ascii_digit()))
                {
                    v[i] = rng.below(64).to_string();
                }
            }
            _ => {
                // A statement: from after a `;`, `{` or `}` up to the next `;`.
                let Some(end) = (at..v.len()).find(|&i| v[i] == ";") else {
                    continue;
                };
                let start = (0..end)
                    .rev()
                    .find(|&i| v[i] == ";" || v[i] == "{" || v[i] == "}")
                    .map_or(0, |i| i + 1);
                let stmt: Vec<String> = v[start..=end].to_vec();
                if rng.below(2) == 0 {
                    v.drain(start..=end);
                } else {
                    v.splice(end + 1..end + 1, stmt);
                }
            }
        }
    }
    v.concat()
}

/// Every `.cu` input the mutation tests start from, with its text.
fn corpus() -> Vec<(PathBuf, String)> {
    let root = warpc_testkit::workspace_root();
    let mut dirs: Vec<PathBuf> = ["c", "cxx", "program", "errors"]
        .iter()
        .map(|s| warpc_testkit::shared_dir().join("conformance").join(s))
        .collect();
    // Every directory under testdata/ (check, codegen, examples, parser/ok, parser/err, robustness...).
    let mut stack = vec![root.join("testdata")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            if e.path().is_dir() {
                stack.push(e.path());
            }
        }
        dirs.push(d);
    }
    let mut files = Vec::new();
    for d in dirs {
        for p in warpc_testkit::cu_files_in(&d) {
            if let Ok(bytes) = std::fs::read(&p) {
                files.push((p, String::from_utf8_lossy(&bytes).into_owned()));
            }
        }
    }
    assert!(
        files.len() >= 40,
        "expected the conformance corpus and testdata, found {} files",
        files.len()
    );
    files
}

/// Where the stand-in for the builtin prelude lives (a VFS-only directory).
const EMPTY_PRELUDE_DIR: &str = "/warpc-mutation-test/empty-prelude";

/// sm_90; with `prelude == false` an empty `__warpc_cuda_runtime.h` found first on the include
/// path replaces the builtin prelude (about 100 ms per compilation in a debug build).
fn options(prelude: bool) -> CompileOptions {
    let mut o = CompileOptions {
        arch: SmVersion::parse("sm_90").unwrap(),
        ..CompileOptions::default()
    };
    if !prelude {
        o.include_dirs.push(EMPTY_PRELUDE_DIR.into());
    }
    o
}

/// What a front-end run of one variant found wrong (`None`: all invariants hold).
fn front_end_violation(db: &Database, comp: Compilation) -> Option<String> {
    let diags: Vec<Diagnostic> = warpc_db::diagnostics(db, comp).clone();
    for t in &warpc_db::parse(db, comp).trees {
        let tree_text = t.syntax().text().to_string();
        if tree_text != *db.file_text(t.file) {
            return Some(format!("tree of {} is not lossless", db.path(t.file).display()));
        }
    }
    let errors: Vec<&Diagnostic> = diags.iter().filter(|d| d.is_error()).collect();
    if !errors.is_empty() && errors.iter().all(|d| d.primary.is_none()) {
        return Some(format!("errors without a location: {errors:?}"));
    }
    None
}

/// Runs one variant (at the path of its original, so relative includes still resolve).
/// `Err` carries a description of the failure; `Ok(true)` means it has no errors.
fn run_variant(path: &Path, text: &str, prelude: bool) -> Result<(bool, Database, Compilation), String> {
    let res = catch_unwind(AssertUnwindSafe(|| {
        let mut db = Database::new();
        if !prelude {
            db.set_file_text(format!("{EMPTY_PRELUDE_DIR}/__warpc_cuda_runtime.h"), "");
        }
        let main = db.set_file_text(path, text);
        let comp = Compilation::new(&db, main, options(prelude), None);
        let violation = front_end_violation(&db, comp);
        let ok = !warpc_db::diagnostics(&db, comp).iter().any(Diagnostic::is_error);
        (violation, ok, db, comp)
    }));
    match res {
        Ok((None, ok, db, comp)) => Ok((ok, db, comp)),
        Ok((Some(v), ..)) => Err(v),
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()));
            Err(format!("panic: {}", msg.unwrap_or_default()))
        }
    }
}

/// Variants in all (spread evenly over the corpus files).
const VARIANTS: usize = 2400;

fn report(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failing variants (each written to $TMPDIR/warpc-mutation-failures/):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn record_failure(failures: &mut Vec<String>, path: &Path, seed: u64, text: &str, what: String) {
    let dir = std::env::temp_dir().join("warpc-mutation-failures");
    let _ = std::fs::create_dir_all(&dir);
    let name = format!("{}-{seed}.cu", path.file_stem().unwrap().to_string_lossy());
    let _ = std::fs::write(dir.join(&name), text);
    failures.push(format!(
        "{} seed {seed} ({}): {what}",
        path.display(),
        dir.join(name).display()
    ));
}

/// One in this many variants runs with the real builtin prelude, the others with an empty one.
const FULL_PRELUDE_EVERY: usize = 48;

#[test]
fn token_mutations_never_break_the_front_end() {
    // Panics are caught and reported per variant; keep their default message off stderr.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let started = std::time::Instant::now();
    let mut failures = Vec::new();
    let (mut total, mut compiling, mut with_prelude) = (0usize, 0usize, 0usize);
    let corpus = corpus();
    let per_file = VARIANTS.div_ceil(corpus.len());
    for (path, text) in corpus {
        let toks = tokens(&text);
        assert_eq!(toks.concat(), text, "the test lexer is lossless");
        for k in 0..per_file {
            let seed = (total as u64) << 8 | k as u64;
            let variant = mutate(&toks, &mut Rng::new(seed ^ 0x5eed));
            let prelude = total % FULL_PRELUDE_EVERY == 0;
            total += 1;
            with_prelude += usize::from(prelude);
            if std::env::var_os("WARPC_MUTATION_TRACE").is_some() {
                // Names each variant before it runs (to find one that hangs or exhausts memory).
                eprintln!("variant {} seed {seed:#x}", path.display());
                let _ = std::fs::write(std::env::temp_dir().join("warpc-mutation-last.cu"), &variant);
            }
            match run_variant(&path, &variant, prelude) {
                Ok((ok, ..)) => compiling += usize::from(ok),
                Err(what) => record_failure(&mut failures, &path, seed, &variant, what),
            }
        }
    }
    std::panic::set_hook(hook);
    eprintln!(
        "{total} variants ({with_prelude} with the prelude), {compiling} without errors, {:.1?}",
        started.elapsed()
    );
    assert!(total >= 2000, "a few thousand variants expected, made {total}");
    report(&failures);
}

#[test]
fn compiling_mutations_pass_ptxas() {
    let started = std::time::Instant::now();
    let oracles = warpc_testkit::Oracles::require();
    let libdevice: Arc<[u8]> = std::fs::read(&oracles.libdevice).expect("read libdevice").into();
    let mut failures = Vec::new();
    let (mut tried, mut checked) = (0usize, 0usize);
    // Files that compile as they are (the C conformance kernels and the codegen cases).
    let corpus: Vec<(PathBuf, String)> = corpus()
        .into_iter()
        .filter(|(p, _)| {
            let dir = p
                .parent()
                .and_then(|d| d.file_name())
                .map(|d| d.to_string_lossy().into_owned())
                .unwrap_or_default();
            matches!(dir.as_str(), "c" | "codegen" | "examples")
        })
        .collect();
    assert!(
        corpus.len() >= 20,
        "expected the C conformance kernels and testdata/codegen"
    );
    // Round-robin over the files so the sample covers the whole corpus.
    'outer: for round in 0..16u64 {
        for (fi, (path, text)) in corpus.iter().enumerate() {
            if checked >= COMPILED_VARIANTS {
                break 'outer;
            }
            let seed = round << 16 | fi as u64;
            let variant = mutate_gently(&tokens(text), &mut Rng::new(seed ^ 0xc0de));
            if variant == *text {
                continue;
            }
            tried += 1;
            let mut db = Database::new();
            let main = db.set_file_text(path, &variant);
            // A file that is separate compilation (`// ARGS: ... -rdc=true`) may call device
            // functions defined elsewhere: compiled so and assembled as a relocatable object.
            let rdc = text.lines().next().is_some_and(|l| l.contains("-rdc=true"));
            let mut argv = vec!["-arch=sm_90".to_string(), path.display().to_string()];
            if rdc {
                argv.push("-rdc=true".to_string());
            }
            let args = warpc_driver::args::parse(&argv).unwrap();
            // Through the driver's own flow: front end, codegen diagnostics and the module PTX.
            let res = catch_unwind(AssertUnwindSafe(|| {
                warpc_driver::compile(&mut db, main, &args, Some(libdevice.clone())).1
            }));
            let outcome = match res {
                Ok(o) => o,
                Err(_) => {
                    record_failure(&mut failures, path, seed, &variant, "panic in compile".into());
                    continue;
                }
            };
            let Some(ptx) = outcome.output else {
                if outcome
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .all(|d| d.primary.is_none())
                {
                    record_failure(
                        &mut failures,
                        path,
                        seed,
                        &variant,
                        "failed without a located error".into(),
                    );
                }
                continue;
            };
            checked += 1;
            let assembled = if rdc {
                oracles.ptxas_relocatable(&ptx, "sm_90")
            } else {
                oracles.ptxas(&ptx, "sm_90")
            };
            if let Err(e) = assembled {
                record_failure(
                    &mut failures,
                    path,
                    seed,
                    &variant,
                    format!("ptxas rejected the PTX: {e}"),
                );
            }
        }
    }
    eprintln!(
        "{tried} variants compiled, {checked} assembled by ptxas, {:.1?}",
        started.elapsed()
    );
    assert!(
        checked >= COMPILED_VARIANTS / 2,
        "expected about {COMPILED_VARIANTS} compiling variants, found {checked}"
    );
    report(&failures);
}

/// How many error-free variants go through code generation and ptxas.
const COMPILED_VARIANTS: usize = 100;

/// Variants of each `conformance/real` program (whole programs with the real system and toolkit
/// headers, so each costs a full front-end run over libstdc++).
const REAL_VARIANTS_PER_FILE: usize = 2;

/// The real-header corpus under mutation: the same invariants, with the header search a real
/// compile uses (the toolkit from `$WARPC_CUDA_DIR`, the host compiler's folders).
#[test]
fn real_header_mutations_never_break_the_front_end() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let files = warpc_testkit::conformance_files("real");
    assert!(
        files.len() >= 16,
        "expected ../shared/conformance/real (found {} files)",
        files.len()
    );
    let search = warpc_base::toolchain::HeaderSearch::discover(None, None, &[]);
    // Each variant is a whole front-end run over libstdc++ and the toolkit (CCCL's files take
    // tens of seconds): run them on every core, reporting in file order.
    let variants: Vec<(PathBuf, u64, String)> = files
        .iter()
        .enumerate()
        .flat_map(|(i, path)| {
            let text = std::fs::read_to_string(path).unwrap();
            let toks = tokens(&text);
            (0..REAL_VARIANTS_PER_FILE as u64)
                .map(|k| {
                    let seed = (i as u64) << 8 | k;
                    (path.clone(), seed, mutate(&toks, &mut Rng::new(seed ^ 0x7ea1)))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let total = variants.len();
    let outcomes: Vec<Option<String>> = variants
        .par_iter()
        .map(|(path, _, variant)| {
            let res = catch_unwind(AssertUnwindSafe(|| {
                let mut db = Database::new();
                let main = db.set_file_text(path, variant);
                let mut options = CompileOptions {
                    arch: SmVersion::parse("sm_80").unwrap(),
                    ..CompileOptions::default()
                };
                options.header_search = search.clone();
                let comp = Compilation::new(&db, main, options, None);
                front_end_violation(&db, comp)
            }));
            match res {
                Ok(v) => v,
                Err(_) => Some("panic".into()),
            }
        })
        .collect();
    let mut failures = Vec::new();
    for ((path, seed, variant), outcome) in variants.iter().zip(outcomes) {
        if let Some(v) = outcome {
            record_failure(&mut failures, path, *seed, variant, v);
        }
    }
    std::panic::set_hook(hook);
    assert!(total >= 32);
    report(&failures);
}
