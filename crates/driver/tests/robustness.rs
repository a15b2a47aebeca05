//! Pathological inputs through the `warpc` binary, each in a child process (so that a stack
//! overflow or an abort shows up as a failure instead of killing the test harness) with a loose
//! time bound: no crash, no hang, and a located diagnostic wherever the input is wrong.
//!
//! - Generated inputs: 10,000 nested parentheses / braces / `#if`s, a 1 MB line, a 1 MB
//!   identifier, 100,000 `;`, 5,000 chained macros, deep macro-call nesting, an include cycle.
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
    let out = std::env::temp_dir().join(format!("warpc-robust-{}-{}.ptx", std::process::id(), file.file_stem().unwrap().to_string_lossy()));
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
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{}: still running after {limit:?}", file.display());
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    let _ = std::fs::remove_file(&out);
    let stderr = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    Run { code: status.code(), stderr, elapsed }
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
        (None, _) => Some(format!("{name}: killed by a signal (crash); stderr:\n{}", tail(&run.stderr))),
        (Some(0), Expect::Ok | Expect::NoCrash) if errors.is_empty() => None,
        (Some(1), Expect::Error(text)) if errors.iter().any(|l| located(l) && l.contains(text)) => None,
        (Some(1), Expect::NoCrash) if !errors.is_empty() && errors.iter().any(located) => None,
        (Some(1), Expect::Bounded(text, max)) => {
            let located_errors = errors.iter().filter(|l| located(l)).count();
            if located_errors <= *max && errors.iter().any(|l| located(l) && l.contains(text)) {
                None
            } else {
                Some(format!("{name}: {located_errors} errors (at most {max} wanted, one with {text:?}):\n{}", tail(&run.stderr)))
            }
        }
        (code, _) => Some(format!("{name}: exit {code:?}, stderr:\n{}", tail(&run.stderr))),
    }
}

fn tail(s: &str) -> String {
    let lines: Vec<&str> = s.lines().collect();
    let from = lines.len().saturating_sub(20);
    lines[from..].iter().map(|l| if l.len() > 300 { format!("{}...\n", &l[..l.char_indices().nth(300).map_or(l.len(), |(i, _)| i)]) } else { format!("{l}\n") }).collect()
}

#[test]
fn pathological_inputs_finish_with_diagnostics() {
    let n = 10_000;
    let dir = scratch_dir();
    let kernel = |body: &str| format!("__global__ void k(int *p) {{ {body} }}\n");
    let big_table: String = (0..500_000).map(|i| (i % 10).to_string()).collect::<Vec<_>>().join(",");
    std::fs::write(dir.join("cycle_a.h"), "#include \"cycle_b.h\"\n__device__ int fa() { return 1; }\n").unwrap();
    std::fs::write(dir.join("cycle_b.h"), "#include \"cycle_a.h\"\n").unwrap();
    let cases: Vec<(&str, Vec<u8>, Expect, u64)> = vec![
        ("parens", kernel(&format!("p[0] = {}1{};", "(".repeat(n), ")".repeat(n))).into(), Expect::Error("nested too deeply"), 10),
        ("parens_unclosed", kernel(&format!("p[0] = {}1;", "(".repeat(n))).into(), Expect::NoCrash, 10),
        ("closers", kernel(&format!("p[0] = 1{};", ")".repeat(n))).into(), Expect::NoCrash, 10),
        ("braces", kernel(&format!("{}p[0] = 1;{}", "{".repeat(n), "}".repeat(n))).into(), Expect::NoCrash, 10),
        ("unary_chain", kernel(&format!("p[0] = {}1;", "- ".repeat(n))).into(), Expect::NoCrash, 10),
        ("call_chain", format!("__device__ int f(int x) {{ return x; }}\n{}", kernel(&format!("p[0] = {}1{};", "f(".repeat(n), ")".repeat(n)))).into(), Expect::NoCrash, 10),
        ("if_nesting", format!("{}int x;\n{}", "#if 1\n".repeat(n), "#endif\n".repeat(n)).into(), Expect::Ok, 10),
        ("if_unterminated", format!("{}int x;\n", "#if 1\n".repeat(n)).into(), Expect::Error("the #endif for this directive is missing"), 10),
        (
            "line_1mb",
            format!("__device__ int a[] = {{{big_table}}}; __global__ void k(int *p) {{ p[0] = a[3] + nope; }}\n").into(),
            Expect::Error("identifier \"nope\" is undefined"),
            60,
        ),
        ("identifier_1mb", kernel(&format!("p[0] = {};", "x".repeat(1 << 20))).into(), Expect::Error("is undefined"), 20),
        ("comment_1mb", format!("// {}\n__global__ void k(int *p) {{ p[0] = 1; }}\n", "c".repeat(1 << 20)).into(), Expect::Ok, 20),
        ("semicolons", ";".repeat(100_000).into(), Expect::Ok, 10),
        ("semicolons_in_body", kernel(&";".repeat(100_000)).into(), Expect::Ok, 20),
        ("macro_recursion", "#define A B\n#define B A\n#define F(x) F(x) + 1\n__global__ void k(int *p) { p[0] = A; p[1] = F(2); }\n".into(), Expect::Error("identifier \"A\" is undefined"), 10),
        (
            "macro_chain",
            format!("{}#define M0 0\n{}", (1..5000).map(|i| format!("#define M{i} (M{} + 1)\n", i - 1)).collect::<String>(), kernel("p[0] = M4999;")).into(),
            Expect::NoCrash,
            20,
        ),
        ("macro_args_nesting", format!("#define I(x) x\n{}", kernel(&format!("p[0] = {}1{};", "I(".repeat(2000), ")".repeat(2000)))).into(), Expect::NoCrash, 20),
        ("macro_many_args", format!("#define G(...) __VA_ARGS__\n{}", kernel(&format!("p[0] = G({});", "1,".repeat(n) + "1"))).into(), Expect::NoCrash, 20),
        ("include_cycle", "#include \"cycle_a.h\"\n__global__ void k(int *p) { p[0] = fa(); }\n".into(), Expect::Error("#include nested too deeply"), 10),
        ("self_include", "#include \"self_include.cu\"\nint x;\n".into(), Expect::Error("#include nested too deeply"), 10),
        ("non_utf8", b"__global__ void k(int *p) { p[0] = 1; \xff\xfe p[1] = 2; } // \x80\n".to_vec(), Expect::NoCrash, 10),
        ("nul_bytes", b"__global__ void k(int *p) { p[0]\x00 = 1; }\n\x00".to_vec(), Expect::Error("null character in source"), 10),
        ("only_nul", vec![0u8; 10_000], Expect::Bounded("null character in source", 1), 10),
        // Runs of junk: one error each, however long.
        ("closers_in_body", kernel(&format!("p[0] = 1; {}", ")".repeat(n))).into(), Expect::Bounded("expected an expression", 1), 10),
        ("closers_lines_in_body", kernel(&format!("p[0] = 1;\n{}", ")\n".repeat(n))).into(), Expect::Bounded("expected an expression", 1), 10),
        ("closers_after_expr", kernel(&format!("p[0] = 1 {};", ") ".repeat(n))).into(), Expect::Bounded("expected a \";\"", 1), 10),
        ("closers_top_level", format!("{}\n{}", ")\n".repeat(n), kernel("p[0] = 1;")).into(), Expect::Bounded("expected a declaration", 1), 10),
        ("brackets_in_body", kernel(&"] ".repeat(n)).into(), Expect::Bounded("expected an expression", 1), 10),
        ("else_run", kernel(&"else ".repeat(n)).into(), Expect::Bounded("expected a statement", 1), 10),
        ("commas_in_call", format!("__device__ int f(int a, int b) {{ return a; }}\n{}", kernel(&format!("p[0] = f(1{});", ",".repeat(n)))).into(), Expect::Bounded("expected an expression", 2), 10),
        ("commas_in_params", format!("__device__ void f(int a{}) {{}}\n", ", ".repeat(n)).into(), Expect::Bounded("expected a type specifier", 1), 10),
        ("commas_in_init_list", format!("__device__ int a[] = {{ 1{} }};\n", ", ,".repeat(n)).into(), Expect::Bounded("expected an expression", 1), 10),
        ("at_signs", kernel(&"@ ".repeat(n)).into(), Expect::Bounded("unrecognized character", 1), 10),
        ("invalid_utf8_run", [b"__global__ void k(int *p) { p[0] = 1; ".to_vec(), vec![0xffu8; 1 << 20], b" }\n".to_vec()].concat(), Expect::Bounded("invalid multibyte character sequence", 1), 20),
        ("invalid_utf8_identifier", b"__global__ void k(int *p) { int a\xff\xfe = 1; p[0] = 2; }\n".to_vec(), Expect::Bounded("invalid multibyte character sequence", 2), 10),
        ("missing_semicolons", kernel(&"p[0] = 1\n".repeat(5000)).into(), Expect::Error("expected a \";\""), 20),
        ("empty", Vec::new(), Expect::Ok, 10),
        ("only_newlines", "\n".repeat(100_000).into(), Expect::Ok, 10),
        ("backslash_newlines", format!("int{}x;\n", " \\\n".repeat(n)).into(), Expect::Ok, 10),
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
        let mut actual: String = run.stderr.lines().map(|l| format!("{}\n", strip_dirs(l, &dir))).collect();
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
    assert!(failures.is_empty(), "{}\n(run with UPDATE_EXPECT=1 to accept)", failures.join("\n"));
}
