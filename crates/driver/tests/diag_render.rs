//! Diagnostic rendering through the `warpc` binary: `--diag-format=json` (one object per line,
//! with positions and escaping), `--color`, `-w` and `-Werror`, exit statuses and "no output on
//! errors".

use std::process::Command;

fn warpc() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_warpc"));
    cmd.env("WARPC_CUDA_DIR", warpc_testkit::Oracles::require().cuda_dir);
    cmd.env_remove("NO_COLOR");
    cmd
}

fn scratch(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("warpc-diag-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Two errors on line 3, one with a quote and a backslash in its message's source.
const BAD: &str = "// a \"quoted\" comment\n__global__ void k(int *p) {\n  p[0] = nope; p[1] = sum2;\n}\n";
/// Compiles, with one warning (missing return on some path).
const WARN: &str = "__device__ int f(int x) { if (x) return 1; }\n__global__ void k(int *p) { p[0] = f(p[1]); }\n";

#[test]
fn json_has_one_object_per_diagnostic_with_positions() {
    let src = scratch("bad.cu", BAD);
    let out = src.with_extension("ptx");
    let res = warpc()
        .arg(&src)
        .arg("--diag-format=json")
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(res.status.code(), Some(1));
    assert!(!out.exists(), "no output with errors");
    let err = String::from_utf8(res.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    let path = src.display().to_string();
    let first = lines[0];
    assert!(
        first.starts_with("{\"severity\":\"error\",\"code\":\"undefined-identifier\","),
        "{first}"
    );
    assert!(
        first.contains("\"message\":\"identifier \\\"nope\\\" is undefined\""),
        "{first}"
    );
    assert!(first.contains(&format!("\"file\":\"{path}\"")), "{first}");
    assert!(
        first.contains("\"line\":3,\"column\":10,\"end_line\":3,\"end_column\":14"),
        "{first}"
    );
    assert!(
        first.contains("\"notes\":[") && first.ends_with("\"labels\":[],\"fix\":null}"),
        "{first}"
    );
    assert!(
        lines[1].contains("sum2") && lines[1].contains("\"column\":23"),
        "{}",
        lines[1]
    );
}

#[test]
fn color_always_never_and_auto() {
    let src = scratch("col.cu", BAD);
    let run = |flag: &str| {
        let res = warpc().arg(&src).arg(flag).args(["-o", "-"]).output().unwrap();
        assert_eq!(res.status.code(), Some(1));
        String::from_utf8(res.stderr).unwrap()
    };
    let always = run("--color=always");
    assert!(always.contains("\x1b["), "ANSI escapes expected: {always:?}");
    assert!(always.contains("nope"));
    let never = run("--color=never");
    assert!(
        !never.contains('\x1b') && never.contains("error[undefined-identifier]"),
        "{never}"
    );
    // stderr is a pipe here: auto means no colour.
    let auto = run("--color=auto");
    assert_eq!(auto, never);
    // The other formats never have colour.
    let nvcc = run("--diag-format=nvcc");
    let nvcc_col = warpc()
        .arg(&src)
        .args(["--diag-format=nvcc", "--color=always", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(nvcc_col.stderr).unwrap(), nvcc);
}

#[test]
fn warnings_w_and_werror() {
    let src = scratch("warn.cu", WARN);
    let out = src.with_extension("ptx");
    // Default: the warning is printed, PTX is written, exit 0.
    let res = warpc()
        .arg(&src)
        .args(["--diag-format=nvcc", "-arch=sm_90", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8(res.stderr).unwrap();
    assert_eq!(res.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warn.cu(1): warning #940-D: missing return statement"),
        "{err}"
    );
    assert!(out.exists());
    std::fs::remove_file(&out).unwrap();
    // -w: silent, still compiles.
    let res = warpc()
        .arg(&src)
        .args(["-w", "--diag-format=nvcc", "-arch=sm_90", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(res.status.code(), Some(0));
    assert_eq!(String::from_utf8(res.stderr).unwrap(), "");
    assert!(out.exists());
    std::fs::remove_file(&out).unwrap();
    // -Werror: the warning becomes an error, exit 1, nothing written.
    for flag in ["-Werror", "-Werror=all-warnings"] {
        let res = warpc()
            .arg(&src)
            .args([flag, "--diag-format=nvcc", "-arch=sm_90", "-o"])
            .arg(&out)
            .output()
            .unwrap();
        let err = String::from_utf8(res.stderr).unwrap();
        assert_eq!(res.status.code(), Some(1), "{err}");
        assert!(
            err.contains("warn.cu(1): error #940-D: missing return statement"),
            "{err}"
        );
        assert!(!out.exists(), "{flag}: no output when a warning is promoted");
    }
    // JSON shows the promoted severity too.
    let res = warpc()
        .arg(&src)
        .args(["-Werror", "--diag-format=json", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(res.status.code(), Some(1));
    assert!(res.stdout.is_empty(), "no PTX on stdout with errors");
    assert!(String::from_utf8(res.stderr)
        .unwrap()
        .starts_with("{\"severity\":\"error\",\"code\":\"missing-return\""));
}

#[test]
fn macro_expansions_and_suggestions_are_noted() {
    let src = scratch(
        "macro.cu",
        "#define BAD nope\n#define SQ(x) ((x) * (x))\n__global__ void k(int *p) {\n  p[0] = BAD;\n  p[1] = SQ(undefd);\n  p[2] = plain;\n}\n",
    );
    let res = warpc()
        .arg(&src)
        .args(["--diag-format=json", "-o", "-"])
        .output()
        .unwrap();
    let err = String::from_utf8(res.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].contains("\"line\":4,\"column\":10,\"end_line\":4,\"end_column\":13,\"notes\":[\"in expansion of macro \\\"BAD\\\"\"]"), "{}", lines[0]);
    assert!(
        lines[1].contains("\"notes\":[\"in expansion of macro \\\"SQ\\\"\"]"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains("\"notes\":[]"),
        "no macro note outside expansions: {}",
        lines[2]
    );
    // Each expansion also points at the macro's definition (line 1 for BAD, line 2 for SQ).
    assert!(lines[0].contains("macro.cu\",\"line\":1,\"column\":9,\"end_line\":1,\"end_column\":12,\"message\":\"macro \\\"BAD\\\" defined here\"}]"), "{}", lines[0]);
    assert!(
        lines[1].contains(
            "\"line\":2,\"column\":9,\"end_line\":2,\"end_column\":11,\"message\":\"macro \\\"SQ\\\" defined here\""
        ),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains("\"labels\":[]"), "{}", lines[2]);
    // The conformance file for undefined identifiers gets its suggestion in the default format.
    let undeclared = warpc_testkit::conformance_files("errors")
        .into_iter()
        .find(|p| p.ends_with("04_undeclared.cu"))
        .unwrap();
    let res = warpc()
        .arg(&undeclared)
        .args(["--color=never", "-o", "-"])
        .output()
        .unwrap();
    let err = String::from_utf8(res.stderr).unwrap();
    assert!(
        err.contains("error[undefined-identifier]: identifier \"totl\" is undefined"),
        "{err}"
    );
    assert!(err.contains("= did you mean \"total\"?"), "{err}");
}

/// A missing `;` carries a fix: JSON has the edit (insert ";" right after the previous token),
/// the human format shows it as a help note, the nvcc format is unchanged.
#[test]
fn fixes_in_json_and_human_formats() {
    let src = scratch("semi.cu", "__global__ void k(int *p) {\n  p[0] = 1\n  p[1] = 2;\n}\n");
    let run = |flag: &str| {
        let res = warpc().arg(&src).arg(flag).args(["-o", "-"]).output().unwrap();
        assert_eq!(res.status.code(), Some(1));
        String::from_utf8(res.stderr).unwrap()
    };
    let json = run("--diag-format=json");
    let line = json.lines().next().unwrap();
    assert!(line.contains("\"message\":\"expected a \\\";\\\"\""), "{line}");
    assert!(
        line.ends_with(&format!(
            "\"fix\":{{\"title\":\"insert \\\";\\\"\",\"file\":\"{}\",\"line\":2,\"column\":11,\"end_line\":2,\"end_column\":11,\"replacement\":\";\"}}}}",
            src.display()
        )),
        "{line}"
    );
    let human = run("--color=never");
    assert!(human.contains("= help: insert \";\""), "{human}");
    let nvcc = run("--diag-format=nvcc");
    assert!(!nvcc.contains("help"), "{nvcc}");
}

/// "Did you mean" carries a machine-applicable fix where the file shows the misspelt name, and
/// none when the name comes from a macro expansion (the edit would land on the invocation).
#[test]
fn did_you_mean_is_a_fix_outside_macros() {
    let src = scratch(
        "typo.cu",
        "#define TOTL totl\n__global__ void k(int *p) {\n  int total = p[0];\n  p[1] = totl + 1;\n  p[2] = TOTL;\n}\n",
    );
    let res = warpc()
        .arg(&src)
        .args(["--diag-format=json", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(res.status.code(), Some(1));
    let json = String::from_utf8(res.stderr).unwrap();
    let lines: Vec<&str> = json
        .lines()
        .filter(|l| l.contains("identifier \\\"totl\\\" is undefined"))
        .collect();
    assert_eq!(lines.len(), 2, "{json}");
    assert!(
        lines[0].contains("\"line\":4") && lines[0].contains("did you mean \\\"total\\\"?"),
        "{json}"
    );
    assert!(
        lines[0].ends_with(&format!(
            "\"fix\":{{\"title\":\"replace with \\\"total\\\"\",\"file\":\"{}\",\"line\":4,\"column\":10,\"end_line\":4,\"end_column\":14,\"replacement\":\"total\"}}}}",
            src.display()
        )),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("\"line\":5") && lines[1].ends_with("\"fix\":null}"),
        "{}",
        lines[1]
    );
    let human = String::from_utf8(
        warpc()
            .arg(&src)
            .args(["--color=never", "-o", "-"])
            .output()
            .unwrap()
            .stderr,
    )
    .unwrap();
    assert!(human.contains("= help: replace with \"total\""), "{human}");
}

/// A call that no overload matches lists each candidate with the reason it does not match
/// (notes, so `--diag-format=nvcc` keeps nvcc's one line).
#[test]
fn no_matching_overload_lists_the_candidates_with_reasons() {
    let src = scratch(
        "cands.cu",
        "__device__ int f(int a, int b) { return a + b; }\n__device__ int f(float *a) { return 1; }\n\
         struct V { float x; __device__ V(float a) : x(a) {} };\n\
         __global__ void k(int *p) { p[0] = f(p); V v(p); }\n",
    );
    let res = warpc()
        .arg(&src)
        .arg("--color=never")
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert_eq!(res.status.code(), Some(1));
    let err = String::from_utf8(res.stderr).unwrap();
    for want in [
        "= argument types are: (int *)",
        "= candidate \"f(int, int)\": expects 2 arguments, 1 given",
        "= candidate \"f(float *)\": argument 1 of type \"int *\" does not convert to \"float *\"",
        "no instance of constructor \"V::V\" matches the argument list",
        "= candidate \"V::V(float)\": argument 1 of type \"int *\" does not convert to \"float\"",
    ] {
        assert!(err.contains(want), "missing {want:?} in:\n{err}");
    }
    let nvcc = warpc()
        .arg(&src)
        .arg("--diag-format=nvcc")
        .args(["-o", "-"])
        .output()
        .unwrap();
    let nvcc = String::from_utf8(nvcc.stderr).unwrap();
    assert!(!nvcc.contains("candidate"), "{nvcc}");
}
