//! The persistent per-function cache (`--cache-dir`): separate `warpc` processes sharing a cache
//! directory run LLVM only for functions whose inputs changed; corrupt entries are recomputed;
//! concurrent processes agree; `-time` writes nvcc's CSV. LLVM runs are read from `--stats`
//! (`llvm codegens N, cache hits H, misses M`), never timed.

use std::path::{Path, PathBuf};
use std::process::Command;
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
    let dir = std::env::temp_dir().join(format!("warpc-cache-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn libdevice_path() -> PathBuf {
    warpc_testkit::Oracles::require().libdevice.clone()
}

fn libdevice() -> Arc<[u8]> {
    static L: OnceLock<Arc<[u8]>> = OnceLock::new();
    L.get_or_init(|| std::fs::read(libdevice_path()).expect("read libdevice").into())
        .clone()
}

/// What one `warpc --stats` process reported.
#[derive(Debug, PartialEq, Eq)]
struct Counts {
    llvm: usize,
    hits: usize,
    misses: usize,
}

fn parse_counts(stderr: &str) -> Counts {
    let line = stderr
        .lines()
        .find(|l| l.trim_start().starts_with("llvm codegens"))
        .unwrap_or_else(|| panic!("no counts in:\n{stderr}"));
    let nums: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    Counts {
        llvm: nums[0],
        hits: nums[1],
        misses: nums[2],
    }
}

fn warpc(input: &Path, out: &Path, extra: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_warpc"));
    command
        .arg("--libdevice")
        .arg(libdevice_path())
        .args(extra)
        .arg(input)
        .arg("-o")
        .arg(out);
    command
}

/// Runs `warpc --stats --cache-dir CACHE input -o out`: the counts and the PTX.
fn run_cached(input: &Path, out: &Path, cache: &Path) -> (Counts, String) {
    let output = warpc(input, out, &["--stats", "--cache-dir", cache.to_str().unwrap()])
        .output()
        .expect("run warpc");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    (
        parse_counts(&stderr),
        std::fs::read_to_string(out).expect("output written"),
    )
}

fn run_uncached(input: &Path, out: &Path) -> String {
    let output = warpc(input, out, &["--no-cache", "--stats"])
        .output()
        .expect("run warpc");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert_eq!(
        parse_counts(&stderr).hits + parse_counts(&stderr).misses,
        0,
        "--no-cache looks nothing up"
    );
    std::fs::read_to_string(out).expect("output written")
}

/// Cache entry files under `dir` (not temporary files).
fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn cli_edit_one_of_200_kernels_with_warm_disk_cache_runs_llvm_once() {
    let dir = temp_dir("cli200");
    let (input, out, cache) = (dir.join("many.cu"), dir.join("many.ptx"), dir.join("cache"));
    let source = generated(200);
    std::fs::write(&input, &source).unwrap();

    let (cold, cold_ptx) = run_cached(&input, &out, &cache);
    assert_eq!(cold.hits, 0);
    assert_eq!(cold.llvm, 200, "cold: every kernel through LLVM");
    assert_eq!(cold.misses, cold.llvm);
    assert_eq!(entries(&cache).len(), 200);

    // A second process on the same text: everything from the cache, identical bytes.
    let (warm, warm_ptx) = run_cached(&input, &out, &cache);
    assert_eq!(
        warm,
        Counts {
            llvm: 0,
            hits: 200,
            misses: 0
        }
    );
    assert!(warm_ptx == cold_ptx, "cached output differs from the cold compile");

    // Edit one kernel: exactly one LLVM codegen; output equals an uncached compile.
    let edited = source.replace("p[i]) * 117.0f;", "p[i]) * 117.0f + 3.0f;");
    assert_ne!(edited, source);
    std::fs::write(&input, &edited).unwrap();
    let (edit, edit_ptx) = run_cached(&input, &out, &cache);
    assert_eq!(
        edit,
        Counts {
            llvm: 1,
            hits: 199,
            misses: 1
        },
        "exactly one LLVM codegen"
    );
    let reference = run_uncached(&input, &dir.join("ref.ptx"));
    assert!(
        edit_ptx == reference,
        "cached + recompiled output differs from an uncached compile"
    );
    assert!(edit_ptx.contains("kernel_117") && edit_ptx != cold_ptx);

    // Editing a device function recompiles exactly the kernels that inline it.
    let callers = (0..200).filter(|k| k % 50 == 7 || (k + 1) % 50 == 7).count();
    let edited2 = edited.replace("a = a * 1.5f + 7.0f;", "a = a * 1.5f + 7.5f;");
    assert_ne!(edited2, edited);
    std::fs::write(&input, &edited2).unwrap();
    let (helper_edit, _) = run_cached(&input, &out, &cache);
    assert_eq!(helper_edit.llvm, callers, "{helper_edit:?}");

    // Other options are other keys.
    let output = warpc(
        &input,
        &out,
        &["--stats", "--cache-dir", cache.to_str().unwrap(), "-arch=sm_80"],
    )
    .output()
    .unwrap();
    assert!(output.status.success());
    assert_eq!(
        parse_counts(&String::from_utf8_lossy(&output.stderr)).llvm,
        200,
        "another target misses"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn watch_mode_with_disk_cache_runs_llvm_once_per_edit() {
    let dir = temp_dir("watch");
    let (input, cache) = (dir.join("many.cu"), dir.join("cache"));
    let source = generated(200);
    std::fs::write(&input, &source).unwrap();
    let argv = |p: &Path| {
        vec![
            p.display().to_string(),
            "--cache-dir".into(),
            cache.display().to_string(),
        ]
    };
    let mut w = Watcher::new(&input, args::parse(&argv(&input)).unwrap(), Some(libdevice())).unwrap();
    let cold = w.rebuild();
    assert!(cold.ok, "{:?}", w.diagnostics());
    assert_eq!((cold.stats.llvm_runs, cold.stats.cache_hits), (200, 0));

    let edited = source.replace("p[i]) * 42.0f;", "p[i]) * 42.0f - 1.0f;");
    assert_ne!(edited, source);
    std::fs::write(&input, &edited).unwrap();
    let rebuild = w.rebuild();
    assert!(rebuild.ok);
    assert_eq!(rebuild.stats.functions_compiled, 1);
    assert_eq!(
        (rebuild.stats.llvm_runs, rebuild.stats.cache_misses),
        (1, 1),
        "exactly one LLVM codegen"
    );
    let watched = w.output().unwrap().to_string();

    // A new watcher (a restarted `warpc --watch`) starts from the disk cache: no LLVM at all.
    let mut again = Watcher::new(&input, args::parse(&argv(&input)).unwrap(), Some(libdevice())).unwrap();
    let restart = again.rebuild();
    assert_eq!((restart.stats.llvm_runs, restart.stats.cache_hits), (0, 200));
    assert!(again.output().unwrap() == watched);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn corrupt_entries_are_recomputed_with_identical_output() {
    let dir = temp_dir("corrupt");
    let (input, out, cache) = (dir.join("k.cu"), dir.join("k.ptx"), dir.join("cache"));
    std::fs::write(&input, generated(8)).unwrap();
    let (cold, cold_ptx) = run_cached(&input, &out, &cache);
    assert_eq!(cold.llvm, 8);
    let files = entries(&cache);
    assert_eq!(files.len(), 8);

    // Truncated, one byte flipped, garbage of the right length, empty.
    let bytes = std::fs::read(&files[0]).unwrap();
    std::fs::write(&files[0], &bytes[..bytes.len() / 2]).unwrap();
    let mut flipped = std::fs::read(&files[1]).unwrap();
    let at = flipped.len() - 5;
    flipped[at] ^= 0x01;
    std::fs::write(&files[1], &flipped).unwrap();
    let len = std::fs::read(&files[2]).unwrap().len();
    std::fs::write(&files[2], vec![0xabu8; len]).unwrap();
    std::fs::write(&files[3], b"").unwrap();

    let (after, after_ptx) = run_cached(&input, &out, &cache);
    assert_eq!(
        after,
        Counts {
            llvm: 4,
            hits: 4,
            misses: 4
        },
        "the four damaged entries are recomputed"
    );
    assert!(
        after_ptx == cold_ptx,
        "output changed after recomputing corrupt entries"
    );
    // ... and rewritten.
    let (healed, healed_ptx) = run_cached(&input, &out, &cache);
    assert_eq!(
        healed,
        Counts {
            llvm: 0,
            hits: 8,
            misses: 0
        }
    );
    assert!(healed_ptx == cold_ptx);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn concurrent_processes_share_one_cache_directory() {
    let dir = temp_dir("concurrent");
    let (input, cache) = (dir.join("k.cu"), dir.join("cache"));
    std::fs::write(&input, generated(40)).unwrap();
    let reference = run_uncached(&input, &dir.join("ref.ptx"));
    let children: Vec<_> = (0..6)
        .map(|i| {
            warpc(
                &input,
                &dir.join(format!("out{i}.ptx")),
                &["--cache-dir", cache.to_str().unwrap()],
            )
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("spawn warpc")
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    }
    for i in 0..6 {
        let ptx = std::fs::read_to_string(dir.join(format!("out{i}.ptx"))).unwrap();
        assert!(ptx == reference, "process {i}: output differs from an uncached compile");
    }
    // Every entry is whole and no temporary file is left behind.
    let files = entries(&cache);
    assert!(
        files
            .iter()
            .all(|f| !f.file_name().unwrap().to_string_lossy().starts_with(".tmp")),
        "{files:?}"
    );
    assert_eq!(files.len(), 40);
    let (warm, warm_ptx) = run_cached(&input, &dir.join("warm.ptx"), &cache);
    assert_eq!(
        warm,
        Counts {
            llvm: 0,
            hits: 40,
            misses: 0
        }
    );
    assert!(warm_ptx == reference);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn time_option_appends_nvcc_style_csv() {
    let dir = temp_dir("time");
    let (input, out, csv) = (dir.join("k.cu"), dir.join("k.ptx"), dir.join("t.csv"));
    std::fs::write(&input, generated(4)).unwrap();
    for _ in 0..2 {
        let output = warpc(&input, &out, &["--no-cache", "-time", csv.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    }
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let header = "source file name , phase name , phase input files , phase output file , arch , tool, metric , unit";
    assert_eq!(
        lines.iter().filter(|l| **l == header).count(),
        1,
        "headings once:\n{text}"
    );
    assert_eq!(lines[0], header);
    let per_run = warpc_driver::stats::STAGES.len() + 1;
    assert_eq!(lines.len(), 1 + 2 * per_run, "{text}");
    for line in &lines[1..] {
        let cells: Vec<&str> = line.split(',').map(str::trim).collect();
        assert_eq!(cells.len(), 8, "{line}");
        assert_eq!((cells[5], cells[7]), ("warpc", "ms"), "{line}");
        assert!(cells[6].parse::<f64>().is_ok(), "{line}");
    }
    assert!(
        lines[1].contains(" , preprocess , ") && lines[1].contains("compute_75"),
        "{}",
        lines[1]
    );
    assert!(lines[per_run].starts_with(" , warpc (driver) ,"), "{}", lines[per_run]);

    // `-time -` writes the table to stdout (with the PTX in a file).
    let output = warpc(&input, &out, &["--no-cache", "-time", "-"]).output().unwrap();
    assert!(String::from_utf8_lossy(&output.stdout).starts_with(header));
    std::fs::remove_dir_all(&dir).ok();
}
