//! Where the headers of a translation unit come from, as nvcc searches them: after `-I` and
//! `-isystem`, the CUDA toolkit's `include/` and (CUDA 13) `include/cccl`, then the host
//! compiler's system folders exactly as `g++ -E -x c++ -v /dev/null` lists them.
//!
//! The front ends (the CLI, the language server, the NVRTC library) call [`HeaderSearch::discover`]
//! once and put the result into [`crate::CompileOptions`]; the database then only reads files.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// The toolkit and host-compiler folders of one compilation, plus what could not be found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct HeaderSearch {
    /// `<cuda>/include`, `<cuda>/include/cccl` (those that exist).
    pub toolkit_dirs: Vec<String>,
    /// The host compiler's `#include <...>` folders, in its order.
    pub host_dirs: Vec<String>,
    /// Why a part is missing (no toolkit, no host compiler): shown with an include that fails.
    pub notes: Vec<String>,
}

impl HeaderSearch {
    /// Finds the toolkit (`cuda_path`, then `$WARPC_CUDA_DIR`, `$CUDA_HOME`, `$CUDA_PATH`,
    /// `/usr/local/cuda`, then `extra_roots`, e.g. the setup cache next to the executable) and
    /// asks the host compiler (`host_compiler`, default `g++`; a folder means its `g++`) for its
    /// system folders.
    pub fn discover(cuda_path: Option<&str>, host_compiler: Option<&str>, extra_roots: &[PathBuf]) -> HeaderSearch {
        let mut search = HeaderSearch::default();
        match find_toolkit(cuda_path, extra_roots) {
            Some(root) => search.toolkit_dirs = toolkit_include_dirs(&root),
            None => search.notes.push(
                "no CUDA toolkit was found (looked at --cuda-path, $WARPC_CUDA_DIR, $CUDA_HOME, $CUDA_PATH, \
                 /usr/local/cuda and the `cargo xtask setup` cache); pass --cuda-path=DIR or set CUDA_HOME"
                    .to_string(),
            ),
        }
        let compiler = host_compiler_program(host_compiler);
        match host_include_dirs(&compiler) {
            Ok(dirs) => search.host_dirs = dirs,
            Err(why) => search.notes.push(format!(
                "{why}; the system headers (libc, libstdc++) are not available: install g++ or pass -ccbin=COMPILER"
            )),
        }
        search
    }
}

/// The first toolkit root that has an `include/` folder.
pub fn find_toolkit(explicit: Option<&str>, extra_roots: &[PathBuf]) -> Option<PathBuf> {
    let mut roots: Vec<PathBuf> = Vec::new();
    if let Some(p) = explicit {
        // An explicit path is taken as given, even when it lacks include/ (the error then
        // names it).
        return Some(PathBuf::from(p));
    }
    roots.extend(["WARPC_CUDA_DIR", "CUDA_HOME", "CUDA_PATH"].iter().filter_map(|v| {
        std::env::var_os(v).filter(|s| !s.is_empty()).map(PathBuf::from)
    }));
    roots.push(PathBuf::from("/usr/local/cuda"));
    roots.extend(extra_roots.iter().cloned());
    roots.into_iter().find(|r| r.join("include").is_dir())
}

/// `<root>/include` and, where it exists, `<root>/include/cccl` (CUDA 13 ships CCCL there and
/// nvcc's profile adds it with `-isystem`).
pub fn toolkit_include_dirs(root: &Path) -> Vec<String> {
    let include = root.join("include");
    let mut dirs = vec![include.display().to_string()];
    let cccl = include.join("cccl");
    if cccl.is_dir() {
        dirs.push(cccl.display().to_string());
    }
    dirs
}

/// The host compiler to ask: `-ccbin` names an executable or a folder holding `g++`.
fn host_compiler_program(ccbin: Option<&str>) -> String {
    match ccbin {
        Some(c) if Path::new(c).is_dir() => Path::new(c).join("g++").display().to_string(),
        Some(c) => c.to_string(),
        None => "g++".to_string(),
    }
}

/// The `#include <...>` search list of `compiler` (`compiler -E -x c++ -v /dev/null`), asked once
/// per process and compiler.
pub fn host_include_dirs(compiler: &str) -> Result<Vec<String>, String> {
    static CACHE: OnceLock<Mutex<HashMap<String, Result<Vec<String>, String>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(hit) = cache.lock().unwrap().get(compiler) {
        return hit.clone();
    }
    let result = ask_host_compiler(compiler);
    cache.lock().unwrap().insert(compiler.to_string(), result.clone());
    result
}

fn ask_host_compiler(compiler: &str) -> Result<Vec<String>, String> {
    let output = Command::new(compiler)
        .args(["-E", "-x", "c++", "-v", "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("the host compiler `{compiler}` could not be run ({e})"))?;
    let text = String::from_utf8_lossy(&output.stderr);
    let dirs = parse_search_list(&text);
    if dirs.is_empty() {
        return Err(format!("the host compiler `{compiler}` listed no #include <...> folders"));
    }
    Ok(dirs)
}

/// The folders between `#include <...> search starts here:` and `End of search list.` of a
/// gcc/clang `-v` report (framework folders of clang on macOS are left out).
pub fn parse_search_list(report: &str) -> Vec<String> {
    let mut dirs = Vec::new();
    let mut inside = false;
    for line in report.lines() {
        if line.starts_with("#include <...> search starts here:") {
            inside = true;
        } else if line.starts_with("End of search list.") {
            break;
        } else if inside {
            let dir = line.trim();
            if !dir.is_empty() && !dir.ends_with("(framework directory)") {
                dirs.push(normalize_dir(dir));
            }
        }
    }
    dirs
}

/// `/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12` -> `/usr/include/c++/12`
/// (lexically, as gcc's own output is already canonical on Debian).
fn normalize_dir(dir: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for part in dir.split('/') {
        match part {
            "" | "." if !out.is_empty() => {}
            ".." if out.len() > 1 => {
                out.pop();
            }
            p => out.push(p),
        }
    }
    let joined = out.join("/");
    if joined.is_empty() { "/".to_string() } else { joined }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_gcc_search_list() {
        let report = "ignoring nonexistent directory \"/usr/local/include/x86_64-linux-gnu\"\n\
#include \"...\" search starts here:\n\
#include <...> search starts here:\n /usr/include/c++/12\n /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/backward\n /usr/include\n\
 /System/Library/Frameworks (framework directory)\nEnd of search list.\n # 0 \"/dev/null\"\n";
        assert_eq!(parse_search_list(report), vec!["/usr/include/c++/12", "/usr/include/c++/12/backward", "/usr/include"]);
        assert!(parse_search_list("no list here").is_empty());
    }

    #[test]
    fn missing_host_compiler_is_an_error_not_a_panic() {
        let err = host_include_dirs("/nonexistent/warpc-test-g++").unwrap_err();
        assert!(err.contains("could not be run"), "{err}");
        let search = HeaderSearch::discover(Some("/nonexistent/cuda"), Some("/nonexistent/warpc-test-g++"), &[]);
        assert_eq!(search.toolkit_dirs, vec!["/nonexistent/cuda/include".to_string()]);
        assert!(search.host_dirs.is_empty());
        assert!(search.notes.iter().any(|n| n.contains("-ccbin")), "{:?}", search.notes);
    }
}
