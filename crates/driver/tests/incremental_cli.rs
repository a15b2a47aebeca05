//! `--stats` and `--watch`: functions compiled vs reused are counted from the database's query
//! log (executions of `fn_ptx`), never timed.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use warpc_driver::args;
use warpc_driver::watch::Watcher;

/// A file of `n` kernels, each calling two of `n / 4` device functions.
fn generated(n: usize) -> String {
    let helpers = (n / 4).max(1);
    let mut s = String::new();
    for h in 0..helpers {
        s += &format!("__device__ float helper_{h}(float x) {{ float a = x; for (int i = 0; i < {}; ++i) a = a * 1.5f + {h}.0f; return a; }}\n", h % 4 + 1);
    }
    for k in 0..n {
        s += &format!(
            "extern \"C\" __global__ void kernel_{k}(float *p, int n) {{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] = helper_{}(p[i]) + helper_{}(p[i]) * {k}.0f; }}\n",
            k % helpers,
            (k + 1) % helpers
        );
    }
    s
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("warpc-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn libdevice() -> Arc<[u8]> {
    static L: OnceLock<Arc<[u8]>> = OnceLock::new();
    L.get_or_init(|| {
        std::fs::read(warpc_testkit::Oracles::require().libdevice)
            .expect("read libdevice")
            .into()
    })
    .clone()
}

fn watcher(path: &Path) -> Watcher {
    let args = args::parse(&[path.display().to_string()]).unwrap();
    Watcher::new(path, args, Some(libdevice())).unwrap()
}

/// The `.entry NAME(...) { ... }` sections of a PTX module, by kernel name.
fn entries(ptx: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in ptx.lines() {
        if let Some(rest) = line.split(".entry ").nth(1) {
            let name = rest
                .split(|c: char| c == '(' || c.is_whitespace())
                .next()
                .unwrap_or("")
                .to_string();
            out.push((name, String::new()));
        }
        if let Some((_, body)) = out.last_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    out
}

#[test]
fn stats_count_compiled_and_reused_functions() {
    let dir = temp_dir("stats");
    let path = dir.join("k.cu");
    std::fs::write(&path, generated(8)).unwrap();
    let mut w = watcher(&path);
    let first = w.rebuild();
    assert!(first.ok, "{:?}", w.diagnostics());
    assert_eq!(first.stats.functions_compiled, 8, "cold: every kernel compiles");
    assert_eq!(first.stats.functions_reused, 0);
    let second = w.rebuild();
    assert_eq!(second.changed_files, 0);
    assert_eq!(
        (second.stats.functions_compiled, second.stats.functions_reused),
        (0, 8),
        "no change: all reused"
    );
    assert!(
        second.status_line().contains("0 functions recompiled, 8 reused"),
        "{}",
        second.status_line()
    );

    // The CLI flag prints the stages and the counts on stderr.
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv: Vec<String> = vec!["--stats".into(), path.display().to_string(), "-o".into(), "-".into()];
    let status = warpc_driver::run(&argv, &mut out, &mut err);
    let err = String::from_utf8(err).unwrap();
    assert_eq!(status, 0, "{err}");
    assert!(String::from_utf8(out).unwrap().contains(".entry kernel_7"));
    for stage in warpc_driver::stats::STAGES {
        assert!(err.contains(stage), "no {stage} in:\n{err}");
    }
    assert!(err.contains("functions compiled 8, reused 0"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn watch_rebuild_after_editing_one_of_200_kernels_compiles_one_function() {
    let dir = temp_dir("watch");
    let path = dir.join("many.cu");
    let source = generated(200);
    std::fs::write(&path, &source).unwrap();
    let mut w = watcher(&path);
    let cold = w.rebuild();
    assert!(cold.ok, "{:?}", w.diagnostics());
    assert_eq!(cold.stats.functions_compiled, 200);
    let before = w.output().unwrap().to_string();
    assert!(!w.poll(), "nothing changed yet");

    let edited = source.replace("p[i]) * 117.0f;", "p[i]) * 117.0f + 3.0f;");
    assert_ne!(edited, source);
    std::fs::write(&path, &edited).unwrap();
    assert!(w.poll(), "the edit is seen (different length)");
    let rebuild = w.rebuild();
    assert!(rebuild.ok, "{:?}", w.diagnostics());
    assert_eq!(rebuild.changed_files, 1);
    assert_eq!(rebuild.stats.functions_compiled, 1, "exactly one LLVM codegen");
    assert_eq!(rebuild.stats.functions_reused, 199);
    let after = w.output().unwrap().to_string();
    let (old, new) = (entries(&before), entries(&after));
    assert_eq!(old.len(), 200);
    let changed: Vec<&str> = old
        .iter()
        .zip(&new)
        .filter(|(a, b)| a != b)
        .map(|(a, _)| a.0.as_str())
        .collect();
    assert_eq!(changed, ["kernel_117"]);
    std::fs::remove_dir_all(&dir).ok();
}
