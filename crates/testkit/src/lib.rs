//! Test support for warpc: locating and running NVIDIA's oracles and finding the test corpora.
//!
//! warpc is checked against NVIDIA's own tools (see `DESIGN.md` section 3), all of which run on a
//! CPU-only machine and are installed from PyPI wheels by `cargo xtask setup` into
//! `<repo>/.cache/nvidia/cu13`:
//!
//! - [`Oracles`] finds that toolkit (or the one named by `$WARPC_CUDA_DIR`) and runs it:
//!   [`Oracles::ptxas`] (validity + register/spill figures), [`Oracles::nvrtc_ptx`] (reference PTX,
//!   in process through `libnvrtc.so.13`), [`Oracles::nvcc_ptx`] (reference PTX for whole programs
//!   and files NVRTC cannot compile), [`Oracles::sass`] (SASS instruction counts via `nvdisasm`).
//! - [`ptx_entries`] reads the kernel signatures out of PTX text, with a normalisation
//!   ([`normalize_param_type`]) that makes LLVM's `.b32` spellings compare equal to cicc's `.f32`.
//! - [`shared_dir`] / [`conformance_files`] locate the shared conformance corpus.
//!
//! Nothing here depends on the compiler crates: this crate checks them, and the `xtask` binary
//! links it too, so it must stay small and quick to build.

mod nvrtc;
mod oracles;
mod ptx;
mod ptxas;
mod sass;
mod tmp;

use std::path::{Path, PathBuf};

pub use nvrtc::NvrtcOutput;
pub use oracles::{Oracles, CUDA_DIR_ENV};
pub use ptx::{normalize_param_type, ptx_entries, PtxEntry};
pub use ptxas::{parse_ptxas_verbose, FunctionStats, PtxasReport};
pub use sass::{parse_nvdisasm, Sass, SassFunction};

/// Environment variable that overrides where the shared directory (with `conformance/`) lives.
pub const SHARED_DIR_ENV: &str = "WARPC_SHARED_DIR";

/// The root of the Cargo workspace (the repository), found from this crate's manifest directory.
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    // crates/testkit -> crates -> root
    manifest
        .ancestors()
        .nth(2)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| manifest.to_path_buf())
}

/// The shared directory that holds `DESIGN.md` and `conformance/`: `$WARPC_SHARED_DIR` when set,
/// else `../shared` beside the repository root.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os(SHARED_DIR_ENV) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => workspace_root().join("..").join("shared"),
    }
}

/// `shared_dir()/conformance/<sub>` (`"c"`, `"cxx"`, `"program"`, `"errors"`, `"real"`, or `""`
/// for the corpus itself). Panics, saying how to point the tests at it, when the folder is
/// missing: a test that needs the shared corpus fails instead of passing on nothing.
pub fn conformance_dir(sub: &str) -> PathBuf {
    let dir = shared_dir().join("conformance").join(sub);
    assert!(
        dir.is_dir(),
        "the shared conformance corpus is missing: {} (put `shared/` beside the repository or set {SHARED_DIR_ENV})",
        dir.display()
    );
    dir
}

/// The `.cu` files of [`conformance_dir`]`(sub)`, sorted by path; panics when there are none.
pub fn conformance_files(sub: &str) -> Vec<PathBuf> {
    let dir = conformance_dir(sub);
    let files = cu_files_in(&dir);
    assert!(!files.is_empty(), "no .cu files in {}", dir.display());
    files
}

/// Waits for `child`, which a watchdog thread kills when it has not finished after `limit`
/// (waiting itself adds no latency). With `group`, the whole process group is killed: for a
/// child spawned with `process_group(0)` that starts processes of its own (npm). `Ok(None)`:
/// the child was killed at the limit.
pub fn wait_within(
    child: &mut std::process::Child,
    limit: std::time::Duration,
    group: bool,
) -> std::io::Result<Option<std::process::ExitStatus>> {
    let target = if group {
        format!("-{}", child.id())
    } else {
        child.id().to_string()
    };
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        let timed_out = matches!(
            finished.recv_timeout(limit),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout)
        );
        if timed_out {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", "--", &target])
                .status();
        }
        timed_out
    });
    let status = child.wait();
    let _ = done.send(());
    if watchdog.join().unwrap_or(false) {
        return Ok(None);
    }
    status.map(Some)
}

/// The flags a `conformance/real` program gives on its first line (`// flags: -arch=sm_80
/// -std=c++17`), or `None` when its first line is not such a line.
pub fn first_line_flags(text: &str) -> Option<Vec<String>> {
    let flags = text.lines().next()?.strip_prefix("// flags:")?;
    Some(flags.split_whitespace().map(String::from).collect())
}

/// The value of the `-arch=` flag among `flags`, if any.
pub fn arch_flag(flags: &[String]) -> Option<&str> {
    flags.iter().find_map(|f| f.strip_prefix("-arch="))
}

/// The `.cu` files directly inside `dir`, sorted; empty when `dir` cannot be read.
pub fn cu_files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "cu"))
        .collect();
    files.sort();
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wait_within_kills_at_the_limit() {
        use std::process::Command;
        use std::time::{Duration, Instant};
        let mut quick = Command::new("true").spawn().unwrap();
        assert!(wait_within(&mut quick, Duration::from_secs(30), false)
            .unwrap()
            .unwrap()
            .success());
        let start = Instant::now();
        let mut slow = Command::new("sleep").arg("30").spawn().unwrap();
        assert!(wait_within(&mut slow, Duration::from_millis(200), false)
            .unwrap()
            .is_none());
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "killed at the limit, not after sleeping"
        );
        let start = Instant::now();
        let mut group = std::os::unix::process::CommandExt::process_group(&mut Command::new("sh"), 0)
            .args(["-c", "sleep 30 & sleep 30"])
            .spawn()
            .unwrap();
        assert!(wait_within(&mut group, Duration::from_millis(200), true)
            .unwrap()
            .is_none());
        assert!(start.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn first_line_flags_read_the_flags_comment() {
        let flags = first_line_flags("// flags: -arch=sm_80 -std=c++17\nint x;\n").unwrap();
        assert_eq!(flags, vec!["-arch=sm_80", "-std=c++17"]);
        assert_eq!(arch_flag(&flags), Some("sm_80"));
        assert_eq!(first_line_flags("// flags:\n"), Some(vec![]));
        assert_eq!(first_line_flags("int x; // flags: -O3\n"), None);
        assert_eq!(arch_flag(&["-O3".to_string()]), None);
    }

    #[test]
    fn workspace_root_holds_the_workspace_manifest() {
        let root = workspace_root();
        let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
        assert!(manifest.contains("[workspace]"), "{}", root.display());
    }

    #[test]
    fn cu_files_of_a_missing_dir_is_empty() {
        assert!(cu_files_in(Path::new("/nonexistent/warpc/dir")).is_empty());
    }
}
