//! The conformance corpus (../shared/conformance): every c/ kernel compiles for sm_75, sm_80 and
//! sm_90, the PTX passes ptxas, and the entries (names and parameter lists) equal NVRTC's (nvcc's
//! for files NVRTC cannot compile). Register counts are printed side by side with NVRTC's.

mod common;

use common::{compile_file, oracles};
use warpc_testkit::{conformance_files, ptx_entries};

fn reference_ptx(path: &std::path::Path, arch: &str) -> String {
    let o = oracles();
    let src = std::fs::read_to_string(path).unwrap();
    if src.contains("#include") {
        o.nvcc_ptx(path, &[&format!("-arch={arch}"), "-O3"]).expect("nvcc -ptx")
    } else {
        let name = path.file_name().unwrap().to_string_lossy();
        o.nvrtc_ptx(&src, &name, &[&format!("-arch={arch}")]).expect("NVRTC")
    }
}

#[test]
fn c_kernels_compile_pass_ptxas_and_match_reference_entries() {
    let files = conformance_files("c");
    assert_eq!(files.len(), 15, "expected the 15 C conformance kernels");
    let mut failures = Vec::new();
    let mut table = String::from("file                     kernel                 regs(warpc) regs(ref)\n");
    for arch in ["sm_75", "sm_80", "sm_90"] {
        for path in &files {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let compiled = compile_file(path, &format!("-arch={arch} -O3 --ptx"));
            let Some(ptx) = compiled.outcome.output else {
                failures.push(format!("{name} [{arch}]: did not compile:\n{}", compiled.nvcc_diags));
                continue;
            };
            let ours = match oracles().ptxas(&ptx, arch) {
                Ok(report) => report,
                Err(e) => {
                    failures.push(format!("{name} [{arch}]: ptxas rejected our PTX:\n{e}"));
                    continue;
                }
            };
            if arch != "sm_90" {
                continue;
            }
            // Deterministic output: a second compilation (fresh database, parallel codegen) gives
            // the same bytes.
            let again = compile_file(path, &format!("-arch={arch} -O3 --ptx")).outcome.output;
            if again.as_deref() != Some(ptx.as_str()) {
                failures.push(format!("{name}: output differs between two compilations"));
            }
            let reference = reference_ptx(path, arch);
            let theirs = oracles().ptxas(&reference, arch).expect("reference PTX passes ptxas");
            let (mine, refs) = (ptx_entries(&ptx), ptx_entries(&reference));
            let names = |v: &[warpc_testkit::PtxEntry]| v.iter().map(|e| e.name.clone()).collect::<Vec<_>>();
            if names(&mine) != names(&refs) {
                failures.push(format!(
                    "{name}: kernels {:?} != reference {:?}",
                    names(&mine),
                    names(&refs)
                ));
                continue;
            }
            for (m, r) in mine.iter().zip(&refs) {
                if m.normalized_params() != r.normalized_params() {
                    failures.push(format!(
                        "{name}: parameters of {} differ: {:?} vs reference {:?}",
                        m.name,
                        m.normalized_params(),
                        r.normalized_params()
                    ));
                }
                let regs = |rep: &warpc_testkit::PtxasReport| rep.function(&m.name).map_or(-1, |f| f.registers as i64);
                table.push_str(&format!(
                    "{name:<24} {:<22} {:>11} {:>9}\n",
                    m.name,
                    regs(&ours),
                    regs(&theirs)
                ));
            }
        }
    }
    println!("{table}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn error_cases_report_expected_diagnostic_at_expected_line() {
    let files = conformance_files("errors");
    assert_eq!(files.len(), 10);
    let mut failures = Vec::new();
    for path in &files {
        let src = std::fs::read_to_string(path).unwrap();
        let first = src.lines().next().unwrap();
        let spec = first
            .strip_prefix("// expect-error: line ")
            .expect("expect-error header");
        let (lines, text) = spec.split_once(": ").unwrap();
        let lines: Vec<u32> = lines.split(" or ").map(|l| l.trim().parse().unwrap()).collect();
        let norm = |s: &str| s.to_lowercase().replace('"', "");
        let compiled = compile_file(path, "-arch=sm_90 --diag-format=nvcc");
        let name = path.file_name().unwrap().to_string_lossy();
        if compiled.outcome.output.is_some() {
            failures.push(format!("{name}: compiled without error"));
            continue;
        }
        let found = compiled.nvcc_diags.lines().any(|l| {
            let Some((loc, msg)) = l.split_once("): error: ") else {
                return false;
            };
            let line: u32 = loc.rsplit('(').next().and_then(|n| n.parse().ok()).unwrap_or(0);
            lines.contains(&line) && norm(msg).contains(&norm(text))
        });
        if !found {
            failures.push(format!(
                "{name}: expected line {lines:?} `{text}`, got:\n{}",
                compiled.nvcc_diags
            ));
        }
        // The same diagnostics render through codespan-reporting.
        if !compiled.human_diags.contains("error") {
            failures.push(format!("{name}: codespan rendering is empty"));
        }
        // Recovery: the second kernel of 05 (from line 7 on) must get no diagnostic.
        let late = compiled.nvcc_diags.lines().any(|l| {
            l.split_once("): ")
                .and_then(|(loc, _)| loc.rsplit('(').next()?.parse::<u32>().ok())
                .is_some_and(|n| n >= 7)
        });
        if name.starts_with("05_") && late {
            failures.push(format!("{name}: error recovery cascaded:\n{}", compiled.nvcc_diags));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// C++ and whole-program files are beyond the C skeleton: each must either compile to PTX that
/// ptxas accepts, or fail with located diagnostics (`unsupported: ...` for what is not done yet).
/// Never a panic, never PTX that ptxas rejects.
#[test]
fn cxx_and_program_files_compile_or_fail_cleanly() {
    let mut failures = Vec::new();
    let mut summary = String::new();
    for (sub, count) in [("cxx", 5), ("program", 2)] {
        let files = conformance_files(sub);
        assert_eq!(files.len(), count, "conformance/{sub} files (is ../shared present?)");
        for path in files {
            let name = format!("{sub}/{}", path.file_name().unwrap().to_string_lossy());
            let result = std::panic::catch_unwind(|| compile_file(&path, "-arch=sm_90 -O3"));
            let Ok(compiled) = result else {
                failures.push(format!("{name}: warpc panicked"));
                continue;
            };
            match &compiled.outcome.output {
                Some(ptx) => {
                    if let Err(e) = oracles().ptxas(ptx, "sm_90") {
                        failures.push(format!("{name}: ptxas rejected the PTX: {e}"));
                    }
                    // Host code launches kernels by these names: they must be nvcc's.
                    let reference = oracles().nvcc_ptx(&path, &["-arch=sm_90", "-O3"]).expect("nvcc -ptx");
                    let entries = |p: &str| {
                        ptx_entries(p)
                            .into_iter()
                            .map(|e| (e.name.clone(), e.normalized_params()))
                            .collect::<Vec<_>>()
                    };
                    if entries(ptx) != entries(&reference) {
                        failures.push(format!(
                            "{name}: entries {:?} != nvcc's {:?}",
                            entries(ptx),
                            entries(&reference)
                        ));
                    }
                    summary.push_str(&format!("{name}: compiled, entries equal nvcc's\n"));
                }
                None => {
                    let errors: Vec<_> = compiled.outcome.diagnostics.iter().filter(|d| d.is_error()).collect();
                    if errors.is_empty() || errors.iter().any(|d| d.primary.is_none()) {
                        failures.push(format!(
                            "{name}: failed without located errors:\n{}",
                            compiled.nvcc_diags
                        ));
                    }
                    let first = compiled.nvcc_diags.lines().next().unwrap_or("").to_string();
                    summary.push_str(&format!("{name}: {} errors, first: {first}\n", errors.len()));
                }
            }
        }
    }
    println!("{summary}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
