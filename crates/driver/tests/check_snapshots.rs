//! Type-check cases: every `testdata/check/*.cu` is compiled for sm_90 and its diagnostics
//! (nvcc format, file name only) must equal the snapshot beside it (`*.diag`; "ok" when the
//! file compiles). A first line `// ARGS: <flags>` replaces `-arch=sm_90` (for target-dependent
//! cases). `UPDATE_EXPECT=1` rewrites the snapshots.

mod common;

use common::compile_file;

#[test]
fn check_cases_match_their_snapshots() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/check");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "expected type-check cases in {}", dir.display());
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let arch = text.lines().next().and_then(|l| l.strip_prefix("// ARGS:")).map_or("-arch=sm_90".to_string(), |a| a.trim().to_string());
        let compiled = compile_file(path, &format!("{arch} --diag-format=nvcc"));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // Keep snapshots independent of where the repository is: drop the directory part.
        let mut actual: String = compiled
            .nvcc_diags
            .lines()
            .map(|l| match l.find(&format!("{name}(")) {
                Some(i) => format!("{}\n", &l[i..]),
                None => format!("{l}\n"),
            })
            .collect();
        if compiled.outcome.output.is_some() && actual.is_empty() {
            actual = "ok\n".to_string();
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
