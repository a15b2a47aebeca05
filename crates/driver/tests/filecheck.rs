//! PTX file tests in the style of Cranelift's: each `testdata/codegen/*.cu` holds its own flags and
//! the facts its output must show; the rest of the output is free to change.
//!
//! Directives (in `//` comments):
//! - `ARGS: <warpc flags>` (default `-arch=sm_90 -O3`)
//! - `CHECK: text`       a later output line contains `text`
//! - `CHECK-NEXT: text`  the line right after the previous match contains `text`
//! - `CHECK-NOT: text`   no line between the previous match and the next match contains `text`
//! - `CHECK-COUNT-N: text` exactly N lines of the whole output contain `text`
//!
//! Every output is also assembled by ptxas for the file's target.

mod common;

use common::{compile_file, oracles};

#[derive(Debug)]
enum Check {
    Plain(String),
    Next(String),
    Not(String),
    Count(usize, String),
}

fn parse_checks(src: &str) -> (String, Vec<Check>) {
    let mut args = "-arch=sm_90 -O3".to_string();
    let mut checks = Vec::new();
    for line in src.lines() {
        let Some(c) = line.trim_start().strip_prefix("//") else {
            continue;
        };
        let c = c.trim_start();
        if let Some(a) = c.strip_prefix("ARGS:") {
            args = a.trim().to_string();
        } else if let Some(t) = c.strip_prefix("CHECK:") {
            checks.push(Check::Plain(canon(t)));
        } else if let Some(t) = c.strip_prefix("CHECK-NEXT:") {
            checks.push(Check::Next(canon(t)));
        } else if let Some(t) = c.strip_prefix("CHECK-NOT:") {
            checks.push(Check::Not(canon(t)));
        } else if let Some(rest) = c.strip_prefix("CHECK-COUNT-") {
            let (n, t) = rest.split_once(':').expect("CHECK-COUNT-N: text");
            checks.push(Check::Count(n.parse().expect("count"), canon(t)));
        }
    }
    (args, checks)
}

/// Collapses runs of horizontal whitespace to one space, as FileCheck does.
fn canon(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Runs the checks over `output` (whitespace-canonicalised, like the patterns); returns the
/// first failure.
fn run_checks(output: &str, checks: &[Check]) -> Result<(), String> {
    let canon_lines: Vec<String> = output.lines().map(canon).collect();
    let lines: Vec<&str> = canon_lines.iter().map(String::as_str).collect();
    let mut pos = 0usize; // next line to search from
    let mut pending_not: Vec<&str> = Vec::new();
    for check in checks {
        match check {
            Check::Plain(t) | Check::Next(t) => {
                let found = if matches!(check, Check::Next(_)) {
                    (pos < lines.len() && lines[pos].contains(t.as_str())).then_some(pos)
                } else {
                    (pos..lines.len()).find(|&i| lines[i].contains(t.as_str()))
                };
                let Some(i) = found else {
                    return Err(format!("no match for `{t}` after line {pos}"));
                };
                for not in pending_not.drain(..) {
                    if let Some(j) = (pos..i).find(|&j| lines[j].contains(not)) {
                        return Err(format!("CHECK-NOT `{not}` matched line {}: {}", j + 1, lines[j]));
                    }
                }
                pos = i + 1;
            }
            Check::Not(t) => pending_not.push(t),
            Check::Count(n, t) => {
                let got = lines.iter().filter(|l| l.contains(t.as_str())).count();
                if got != *n {
                    return Err(format!("expected {n} lines containing `{t}`, found {got}"));
                }
            }
        }
    }
    for not in pending_not {
        if let Some(j) = (pos..lines.len()).find(|&j| lines[j].contains(not)) {
            return Err(format!("CHECK-NOT `{not}` matched line {}: {}", j + 1, lines[j]));
        }
    }
    Ok(())
}

#[test]
fn checker_itself_fails_on_mismatch() {
    let out = "a\nb\nc\n";
    assert!(run_checks(out, &[Check::Plain("b".into()), Check::Next("c".into())]).is_ok());
    assert!(run_checks(out, &[Check::Plain("c".into()), Check::Plain("a".into())]).is_err());
    assert!(run_checks(out, &[Check::Not("b".into()), Check::Plain("c".into())]).is_err());
    assert!(run_checks(out, &[Check::Plain("a".into()), Check::Next("c".into())]).is_err());
    assert!(run_checks(out, &[Check::Count(1, "b".into())]).is_ok());
    assert!(run_checks(out, &[Check::Count(2, "b".into())]).is_err());
    assert!(run_checks("x\tbar.sync \t 0;\n", &[Check::Plain(canon("bar.sync  0;"))]).is_ok());
}

#[test]
fn codegen_file_tests() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/codegen");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "expected codegen file tests in {}", dir.display());
    let mut failures = Vec::new();
    for path in &files {
        let src = std::fs::read_to_string(path).unwrap();
        let (args, checks) = parse_checks(&src);
        assert!(!checks.is_empty(), "{} has no CHECK lines", path.display());
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let compiled = compile_file(path, &format!("{args} -o -"));
        let Some(out) = compiled.outcome.output else {
            failures.push(format!("{name}: did not compile:\n{}", compiled.nvcc_diags));
            continue;
        };
        if let Err(e) = run_checks(&out, &checks) {
            failures.push(format!("{name}: {e}\n--- output ---\n{out}"));
        }
        if !args.contains("--emit=llvm") {
            let arch = args
                .split_whitespace()
                .find_map(|a| a.strip_prefix("-arch="))
                .unwrap_or("sm_75");
            // Separate compilation: a relocatable object (`ptxas -c`), as nvcc assembles it.
            let rdc = args
                .split_whitespace()
                .any(|a| a == "-rdc=true" || a == "-rdc" || a == "--relocatable-device-code=true");
            let assembled = if rdc {
                oracles().ptxas_relocatable(&out, arch)
            } else {
                oracles().ptxas(&out, arch)
            };
            if let Err(e) = assembled {
                failures.push(format!("{name}: ptxas rejected the PTX: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
