//! Pathological inputs through the `warpc` binary, each in a child process (so that a stack
//! overflow or an abort shows up as a failure instead of killing the test harness) with a loose
//! time bound: no crash, no hang, and a located diagnostic wherever the input is wrong.
//!
//! - Generated inputs: 10,000 nested parentheses / braces / `#if`s, a 1 MB line, a 1 MB
//!   identifier, 100,000 `;`, 5,000 chained macros, deep macro-call nesting, an include cycle,
//!   a macro expanding to 30,000 tokens, a 5,000-line header included inside a body, and runs
//!   of junk (10,000 stray `)`/`]`/`else`/`,`/`@`, 1 MB of invalid UTF-8, 10,000 NULs), which
//!   must give at most one or two errors each (`Expect::Bounded`).
//! - The fuzz targets of `fuzz/src/targets.rs` on a few hundred mutated inputs each
//!   (`fuzz_targets_short_run`; `fuzz_targets_long_run` is the `#[ignore]`d long variant).
//! - `testdata/robustness/*.cu`: small regression cases (non-UTF-8 bytes, NUL bytes, macro
//!   recursion, include cycles, unterminated literals and comments, stray characters, an empty
//!   file, unbalanced brackets); each one's nvcc-style diagnostics must equal the `.diag`
//!   snapshot beside it ("ok" when it compiles). `UPDATE_EXPECT=1` rewrites the snapshots.
//!
//! These files are also seeds of the mutation test (`mutation.rs`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Run {
    /// `None`: killed by a signal.
    code: Option<i32>,
    stderr: String,
    elapsed: Duration,
}

/// Runs `warpc -arch=sm_90 --diag-format=nvcc <file> -o <tmp>`; fails the test past `limit`.
fn warpc_bounded(file: &Path, limit: Duration) -> Run {
    let out = std::env::temp_dir().join(format!(
        "warpc-robust-{}-{}.ptx",
        std::process::id(),
        file.file_stem().unwrap().to_string_lossy()
    ));
    let mut child = Command::new(env!("CARGO_BIN_EXE_warpc"))
        .env("WARPC_CUDA_DIR", warpc_testkit::Oracles::require().cuda_dir)
        .args(["-arch=sm_90", "--diag-format=nvcc"])
        .arg(file)
        .arg("-o")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run warpc");
    // Read stderr on a thread so a chatty child cannot block on a full pipe.
    let mut pipe = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = std::io::Read::read_to_end(&mut pipe, &mut s);
        s
    });
    let start = Instant::now();
    let status = warpc_testkit::wait_within(&mut child, limit, false)
        .unwrap()
        .unwrap_or_else(|| panic!("{}: still running after {limit:?}", file.display()));
    let elapsed = start.elapsed();
    let _ = std::fs::remove_file(&out);
    let stderr = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    Run {
        code: status.code(),
        stderr,
        elapsed,
    }
}

enum Expect {
    /// Compiles without errors.
    Ok,
    /// Fails with an error whose line contains this text.
    Error(&'static str),
    /// Either compiles or fails with located errors.
    NoCrash,
    /// Fails with at most this many errors, one of them located and containing the text: a run
    /// of junk is one problem, not thousands.
    Bounded(&'static str, usize),
}

fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("warpc-robust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Checks one run against `want`; returns a failure description.
fn judge(name: &str, run: &Run, want: &Expect) -> Option<String> {
    let errors: Vec<&str> = run.stderr.lines().filter(|l| l.contains("error")).collect();
    let located = |l: &&str| l.contains(".cu(") || l.contains(".h(");
    match (run.code, want) {
        (None, _) => Some(format!(
            "{name}: killed by a signal (crash); stderr:\n{}",
            tail(&run.stderr)
        )),
        (Some(0), Expect::Ok | Expect::NoCrash) if errors.is_empty() => None,
        (Some(1), Expect::Error(text)) if errors.iter().any(|l| located(l) && l.contains(text)) => None,
        (Some(1), Expect::NoCrash) if !errors.is_empty() && errors.iter().any(located) => None,
        (Some(1), Expect::Bounded(text, max)) => {
            let located_errors = errors.iter().filter(|l| located(l)).count();
            if located_errors <= *max && errors.iter().any(|l| located(l) && l.contains(text)) {
                None
            } else {
                Some(format!(
                    "{name}: {located_errors} errors (at most {max} wanted, one with {text:?}):\n{}",
                    tail(&run.stderr)
                ))
            }
        }
        (code, _) => Some(format!("{name}: exit {code:?}, stderr:\n{}", tail(&run.stderr))),
    }
}

fn tail(s: &str) -> String {
    let lines: Vec<&str> = s.lines().collect();
    let from = lines.len().saturating_sub(20);
    lines[from..]
        .iter()
        .map(|l| {
            if l.len() > 300 {
                format!("{}...\n", &l[..l.char_indices().nth(300).map_or(l.len(), |(i, _)| i)])
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

#[test]
fn pathological_inputs_finish_with_diagnostics() {
    let n = 10_000;
    let dir = scratch_dir();
    let kernel = |body: &str| format!("__global__ void k(int *p) {{ {body} }}\n");
    let big_table: String = (0..500_000).map(|i| (i % 10).to_string()).collect::<Vec<_>>().join(",");
    std::fs::write(
        dir.join("cycle_a.h"),
        "#include \"cycle_b.h\"\n__device__ int fa() { return 1; }\n",
    )
    .unwrap();
    std::fs::write(dir.join("cycle_b.h"), "#include \"cycle_a.h\"\n").unwrap();
    std::fs::write(dir.join("big_body.h"), "p[0] += 1;\n".repeat(5000)).unwrap();
    let cases: Vec<(&str, Vec<u8>, Expect, u64)> = vec![
        (
            "parens",
            kernel(&format!("p[0] = {}1{};", "(".repeat(n), ")".repeat(n))).into(),
            Expect::Error("nested too deeply"),
            10,
        ),
        (
            "parens_unclosed",
            kernel(&format!("p[0] = {}1;", "(".repeat(n))).into(),
            Expect::NoCrash,
            10,
        ),
        (
            "closers",
            kernel(&format!("p[0] = 1{};", ")".repeat(n))).into(),
            Expect::NoCrash,
            10,
        ),
        (
            "braces",
            kernel(&format!("{}p[0] = 1;{}", "{".repeat(n), "}".repeat(n))).into(),
            Expect::NoCrash,
            10,
        ),
        (
            "unary_chain",
            kernel(&format!("p[0] = {}1;", "- ".repeat(n))).into(),
            Expect::NoCrash,
            10,
        ),
        (
            "call_chain",
            format!(
                "__device__ int f(int x) {{ return x; }}\n{}",
                kernel(&format!("p[0] = {}1{};", "f(".repeat(n), ")".repeat(n)))
            )
            .into(),
            Expect::NoCrash,
            10,
        ),
        (
            "if_nesting",
            format!("{}int x;\n{}", "#if 1\n".repeat(n), "#endif\n".repeat(n)).into(),
            Expect::Ok,
            10,
        ),
        (
            "if_unterminated",
            format!("{}int x;\n", "#if 1\n".repeat(n)).into(),
            Expect::Error("the #endif for this directive is missing"),
            10,
        ),
        (
            "line_1mb",
            format!("__device__ int a[] = {{{big_table}}}; __global__ void k(int *p) {{ p[0] = a[3] + nope; }}\n")
                .into(),
            Expect::Error("identifier \"nope\" is undefined"),
            60,
        ),
        (
            "identifier_1mb",
            kernel(&format!("p[0] = {};", "x".repeat(1 << 20))).into(),
            Expect::Error("is undefined"),
            20,
        ),
        (
            "comment_1mb",
            format!(
                "// {}\n__global__ void k(int *p) {{ p[0] = 1; }}\n",
                "c".repeat(1 << 20)
            )
            .into(),
            Expect::Ok,
            20,
        ),
        ("semicolons", ";".repeat(100_000).into(), Expect::Ok, 10),
        (
            "semicolons_in_body",
            kernel(&";".repeat(100_000)).into(),
            Expect::Ok,
            20,
        ),
        (
            "macro_recursion",
            "#define A B\n#define B A\n#define F(x) F(x) + 1\n__global__ void k(int *p) { p[0] = A; p[1] = F(2); }\n"
                .into(),
            Expect::Error("identifier \"A\" is undefined"),
            10,
        ),
        (
            "macro_chain",
            format!(
                "{}#define M0 0\n{}",
                (1..5000)
                    .map(|i| format!("#define M{i} (M{} + 1)\n", i - 1))
                    .collect::<String>(),
                kernel("p[0] = M4999;")
            )
            .into(),
            Expect::NoCrash,
            20,
        ),
        (
            "macro_args_nesting",
            format!(
                "#define I(x) x\n{}",
                kernel(&format!("p[0] = {}1{};", "I(".repeat(2000), ")".repeat(2000)))
            )
            .into(),
            Expect::NoCrash,
            20,
        ),
        // A macro expanding to 30,000 tokens (zero-width tokens at one offset): linear, not the
        // minute the quadratic spelling lookup took (found by the fuzzer through an include in
        // a function body).
        (
            "macro_30k_tokens",
            format!(
                "#define BIG {}\n{}",
                (0..5000)
                    .map(|i| format!("p[0] += {};", i % 10))
                    .collect::<Vec<_>>()
                    .join(" "),
                kernel("BIG")
            )
            .into(),
            Expect::Ok,
            20,
        ),
        (
            "include_in_body",
            "__global__ void k(int *p) {\n#include \"big_body.h\"\n}\n"
                .to_string()
                .into(),
            Expect::Ok,
            20,
        ),
        (
            "macro_many_args",
            format!(
                "#define G(...) __VA_ARGS__\n{}",
                kernel(&format!("p[0] = G({});", "1,".repeat(n) + "1"))
            )
            .into(),
            Expect::NoCrash,
            20,
        ),
        (
            "include_cycle",
            "#include \"cycle_a.h\"\n__global__ void k(int *p) { p[0] = fa(); }\n".into(),
            Expect::Error("#include nested too deeply"),
            10,
        ),
        (
            "self_include",
            "#include \"self_include.cu\"\nint x;\n".into(),
            Expect::Error("#include nested too deeply"),
            10,
        ),
        (
            "non_utf8",
            b"__global__ void k(int *p) { p[0] = 1; \xff\xfe p[1] = 2; } // \x80\n".to_vec(),
            Expect::NoCrash,
            10,
        ),
        (
            "nul_bytes",
            b"__global__ void k(int *p) { p[0]\x00 = 1; }\n\x00".to_vec(),
            Expect::Error("null character in source"),
            10,
        ),
        (
            "only_nul",
            vec![0u8; 10_000],
            Expect::Bounded("null character in source", 1),
            10,
        ),
        // Runs of junk: one error each, however long.
        (
            "closers_in_body",
            kernel(&format!("p[0] = 1; {}", ")".repeat(n))).into(),
            Expect::Bounded("expected an expression", 1),
            10,
        ),
        (
            "closers_lines_in_body",
            kernel(&format!("p[0] = 1;\n{}", ")\n".repeat(n))).into(),
            Expect::Bounded("expected an expression", 1),
            10,
        ),
        (
            "closers_after_expr",
            kernel(&format!("p[0] = 1 {};", ") ".repeat(n))).into(),
            Expect::Bounded("expected a \";\"", 1),
            10,
        ),
        (
            "closers_top_level",
            format!("{}\n{}", ")\n".repeat(n), kernel("p[0] = 1;")).into(),
            Expect::Bounded("expected a declaration", 1),
            10,
        ),
        (
            "brackets_in_body",
            kernel(&"] ".repeat(n)).into(),
            Expect::Bounded("expected an expression", 1),
            10,
        ),
        (
            "else_run",
            kernel(&"else ".repeat(n)).into(),
            Expect::Bounded("expected a statement", 1),
            10,
        ),
        (
            "commas_in_call",
            format!(
                "__device__ int f(int a, int b) {{ return a; }}\n{}",
                kernel(&format!("p[0] = f(1{});", ",".repeat(n)))
            )
            .into(),
            Expect::Bounded("expected an expression", 2),
            10,
        ),
        (
            "commas_in_params",
            format!("__device__ void f(int a{}) {{}}\n", ", ".repeat(n)).into(),
            Expect::Bounded("expected a type specifier", 1),
            10,
        ),
        (
            "commas_in_init_list",
            format!("__device__ int a[] = {{ 1{} }};\n", ", ,".repeat(n)).into(),
            Expect::Bounded("expected an expression", 1),
            10,
        ),
        (
            "at_signs",
            kernel(&"@ ".repeat(n)).into(),
            Expect::Bounded("unrecognized character", 1),
            10,
        ),
        (
            "invalid_utf8_run",
            [
                b"__global__ void k(int *p) { p[0] = 1; ".to_vec(),
                vec![0xffu8; 1 << 20],
                b" }\n".to_vec(),
            ]
            .concat(),
            Expect::Bounded("invalid multibyte character sequence", 1),
            20,
        ),
        (
            "invalid_utf8_identifier",
            b"__global__ void k(int *p) { int a\xff\xfe = 1; p[0] = 2; }\n".to_vec(),
            Expect::Bounded("invalid multibyte character sequence", 2),
            10,
        ),
        (
            "missing_semicolons",
            kernel(&"p[0] = 1\n".repeat(5000)).into(),
            Expect::Error("expected a \";\""),
            20,
        ),
        ("empty", Vec::new(), Expect::Ok, 10),
        ("only_newlines", "\n".repeat(100_000).into(), Expect::Ok, 10),
        (
            "backslash_newlines",
            format!("int{}x;\n", " \\\n".repeat(n)).into(),
            Expect::Ok,
            10,
        ),
    ];
    let mut failures = Vec::new();
    let mut timings = String::new();
    for (name, text, want, limit) in &cases {
        let path = dir.join(format!("{name}.cu"));
        std::fs::write(&path, text).unwrap();
        let run = warpc_bounded(&path, Duration::from_secs(*limit));
        timings.push_str(&format!("{name:20} {:>8.2?} exit {:?}\n", run.elapsed, run.code));
        failures.extend(judge(name, &run, want));
    }
    eprintln!("{timings}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Removes the test directory from every path in `line`, in both spellings warpc prints: as given
/// on the command line (`.../crates/driver/../../testdata/robustness/x.cu`) and normalised.
fn strip_dirs(line: &str, dir: &Path) -> String {
    let given = format!("{}/", dir.display());
    let normal = format!("{}/", dir.canonicalize().unwrap().display());
    line.replace(&given, "").replace(&normal, "")
}

#[test]
fn robustness_cases_match_their_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/robustness");
    let files = warpc_testkit::cu_files_in(&dir);
    assert!(files.len() >= 8, "expected robustness cases in {}", dir.display());
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for path in &files {
        let run = warpc_bounded(path, Duration::from_secs(20));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if run.code.is_none() {
            failures.push(format!("{name}: crashed:\n{}", tail(&run.stderr)));
            continue;
        }
        // Directories are dropped: `name.cu(3): error: ...` whatever the checkout's location.
        let mut actual: String = run
            .stderr
            .lines()
            .map(|l| format!("{}\n", strip_dirs(l, &dir)))
            .collect();
        if run.code == Some(0) && actual.is_empty() {
            actual = "ok\n".into();
        }
        if run.code == Some(1) && !actual.lines().any(|l| l.contains("): error: ")) {
            failures.push(format!("{name}: exit 1 without a located error:\n{actual}"));
        }
        let snap = path.with_extension("diag");
        if update {
            std::fs::write(&snap, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&snap).unwrap_or_default();
        if expected != actual {
            failures.push(format!("{name}:\n--- expected ---\n{expected}--- actual ---\n{actual}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(run with UPDATE_EXPECT=1 to accept)",
        failures.join("\n")
    );
}

/// The fuzz targets of `fuzz/` (the same functions cargo-fuzz and the stable driver run).
#[path = "../../../fuzz/src/targets.rs"]
mod fuzz_targets;

/// Runs every fuzz target on `per_target` mutated inputs (seeded: every run tests the same
/// inputs unless `WARPC_FUZZ_SEED` is set); a failing input is written to
/// `$TMPDIR/warpc-fuzz-failures/` and reported.
fn run_fuzz_targets(per_target: usize, time_limit: Duration) {
    use fuzz_targets::{mutate, Rng, Target};
    let root = warpc_testkit::workspace_root();
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    let mut stack = vec![root.join("testdata"), warpc_testkit::shared_dir().join("conformance")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            if e.path().is_dir() {
                stack.push(e.path());
            }
        }
        for p in warpc_testkit::cu_files_in(&d) {
            seeds.extend(std::fs::read(&p));
        }
    }
    assert!(
        seeds.len() >= 40,
        "expected testdata and the conformance corpus as seeds"
    );
    let seed: u64 = std::env::var("WARPC_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed);
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut failures = Vec::new();
    let mut report = String::new();
    for t in Target::ALL {
        let started = Instant::now();
        let mut rng = Rng::new(seed ^ (t as u64) << 40);
        let mut last: Vec<u8> = Vec::new();
        let mut runs = 0;
        while runs < per_target && started.elapsed() < time_limit {
            let base = if !last.is_empty() && rng.below(2) == 0 {
                last.clone()
            } else {
                seeds[rng.below(seeds.len())].clone()
            };
            let input = mutate(&base, &seeds, &mut rng, 16 << 10);
            let t0 = Instant::now();
            let res = std::panic::catch_unwind(|| t.run(&input));
            runs += 1;
            let took = t0.elapsed();
            let problem = match res {
                Err(p) => Some(format!(
                    "panic: {}",
                    p.downcast_ref::<String>()
                        .cloned()
                        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default()
                )),
                // Generous: a debug build under load; a quadratic path takes far longer (an
                // input that includes a header inside a broken declaration once took 16 s in a
                // debug build, when `reach` walked that header once per declaration in it).
                Ok(()) if took > Duration::from_secs(10) => Some(format!("took {took:?}")),
                Ok(()) => None,
            };
            if let Some(what) = problem {
                let dir = std::env::temp_dir().join("warpc-fuzz-failures");
                let _ = std::fs::create_dir_all(&dir);
                let path = dir.join(format!("{}-{seed}-{runs}.cu", t.name()));
                let _ = std::fs::write(&path, &input);
                failures.push(format!("{}: {what} ({})", t.name(), path.display()));
            }
            last = if input.len() < 8 << 10 { input } else { Vec::new() };
        }
        report.push_str(&format!("{:10} {runs} inputs in {:.1?}\n", t.name(), started.elapsed()));
    }
    std::panic::set_hook(hook);
    eprintln!("{report}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Always on: a few hundred fuzz inputs per target (a few seconds each).
#[test]
fn fuzz_targets_short_run() {
    run_fuzz_targets(300, Duration::from_secs(60));
}

/// The long variant: `cargo test -p warpc --release --test robustness -- --ignored`, for
/// `WARPC_FUZZ_SECONDS` (default 300) per target. The stable driver in `fuzz/` does the same
/// with crash isolation (stack overflows, aborts) and artifacts.
#[test]
#[ignore = "a long fuzzing run, minutes per target; fuzz_targets_short_run is the CI variant"]
fn fuzz_targets_long_run() {
    let secs = std::env::var("WARPC_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    run_fuzz_targets(usize::MAX, Duration::from_secs(secs));
}

/// Fuzzer finding (`fuzz/regressions/self_include_many.cu`): a file that includes itself about
/// 20 times without a guard must stop at the include depth limit (gcc: a fatal error), not
/// expand until the 50,000-entry limit (minutes): the depth overflow is fatal.
#[test]
fn self_including_file_stops_at_the_depth_limit() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions/self_include_many.cu");
    let run = warpc_bounded(&path, Duration::from_secs(30));
    assert_eq!(run.code, Some(1), "{}", tail(&run.stderr));
    assert!(run.stderr.contains("nested too deeply"), "{}", tail(&run.stderr));
}

/// Fuzzer finding (`fuzz/regressions/constexpr_infinite_recursion.cu`): endless constexpr
/// recursion in a `static_assert` must stop at the interpreter's limit with "expression must
/// have a constant value", not overflow the stack (the interpreter grows its stack with
/// `stacker`).
#[test]
fn constexpr_recursion_is_bounded() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions/constexpr_infinite_recursion.cu");
    let run = warpc_bounded(&path, Duration::from_secs(30));
    assert_eq!(run.code, Some(1), "{}", tail(&run.stderr));
    assert!(
        run.stderr.contains("expression must have a constant value"),
        "{}",
        tail(&run.stderr)
    );
}

/// Fuzzer finding (`fuzz/regressions/include_in_broken_asm.cu`): an unterminated string in an
/// `asm` statement swallows the rest of the file into one broken declaration, with
/// `#include <cstdio>` inside it and the prelude replaced. All of `<cstdio>`'s declarations then
/// sit at the `#include`, and `reach` followed that header's words once per declaration (4
/// million lookups: 1.6 s in release, 16 s in debug); now once per source range (0.18 s).
#[test]
fn declarations_at_one_include_are_reached_once() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions/include_in_broken_asm.cu");
    let data = std::fs::read(&path).expect("read the regression input");
    let t0 = Instant::now();
    fuzz_targets::Target::Check.run(&data);
    let took = t0.elapsed();
    assert!(took < Duration::from_secs(10), "took {took:?}");
}
