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
    /// The host compiler's predefined macros (`compiler -dM -E -x c++ /dev/null`), `(name,
    /// value)` in its order: nvcc preprocesses the device pass with the host compiler, so its
    /// version and target macros (`__GNUC__`, `__VERSION__`, `__x86_64__`...) are what glibc and
    /// libstdc++ see. Empty without a host compiler (warpc's g++ 12 set is used then).
    pub host_macros: Vec<(String, String)>,
    /// The toolkit's `CUDA_VERSION` (`13050` for 13.5, from `<cuda>/include/cuda.h`); `None`
    /// without a toolkit. Inline PTX is written for that toolkit's PTX ISA (see
    /// [`HeaderSearch::toolkit_ptx_isa`]).
    pub cuda_version: Option<u32>,
}

impl HeaderSearch {
    /// The PTX ISA version (`(9, 5)`) the toolkit's own compiler writes, which its headers'
    /// inline PTX may need (libcu++'s `mbarrier.test_wait.parity` needs 7.1, where LLVM's
    /// minimum for sm_80 is 7.0): CUDA 11.x writes 7.x, 12.x 8.x (12.6 still 8.5, then one behind: 12.9 is 8.8), 13.x 9.x,
    /// as nvcc does. `None` without a toolkit or for a version outside that table.
    pub fn toolkit_ptx_isa(&self) -> Option<(u32, u32)> {
        let v = self.cuda_version?;
        let (major, minor) = (v / 1000, (v % 1000) / 10);
        match major {
            11 => Some((7, minor)),
            // (12.6 kept 8.5; 12.8 writes 8.7, 12.9 8.8.)
            12 if minor >= 6 => Some((8, minor - 1)),
            12 => Some((8, minor)),
            13 => Some((9, minor)),
            _ => None,
        }
    }

    /// Finds the toolkit (`cuda_path`, then `$WARPC_CUDA_DIR`, `$CUDA_HOME`, `$CUDA_PATH`,
    /// `/usr/local/cuda`, then `extra_roots`, e.g. the setup cache next to the executable) and
    /// asks the host compiler (`host_compiler`, default `g++`; a folder means its `g++`) for its
    /// system folders.
    pub fn discover(cuda_path: Option<&str>, host_compiler: Option<&str>, extra_roots: &[PathBuf]) -> HeaderSearch {
        let mut search = HeaderSearch::default();
        match find_toolkit(cuda_path, extra_roots) {
            Some(root) => {
                search.toolkit_dirs = toolkit_include_dirs(&root);
                search.cuda_version = toolkit_cuda_version(&root);
            }
            None => search.notes.push(
                "no CUDA toolkit was found (looked at --cuda-path, $WARPC_CUDA_DIR, $CUDA_HOME, $CUDA_PATH, \
                 /usr/local/cuda and the `cargo xtask setup` cache); pass --cuda-path=DIR or set CUDA_HOME"
                    .to_string(),
            ),
        }
        let compiler = host_compiler_program(host_compiler);
        match self::host_compiler(&compiler) {
            Ok(host) => {
                search.host_dirs = host.dirs;
                search.host_macros = host.macros;
            }
            Err(why) => search.notes.push(format!(
                "{why}; the system headers (libc, libstdc++) are not available: install g++ or pass -ccbin=COMPILER"
            )),
        }
        search
    }
}

/// The first toolkit root that has an `include/` folder.
/// `CUDA_VERSION` as `<root>/include/cuda.h` defines it (`#define CUDA_VERSION 13050`).
fn toolkit_cuda_version(root: &std::path::Path) -> Option<u32> {
    let text = std::fs::read_to_string(root.join("include").join("cuda.h")).ok()?;
    text.lines().find_map(|l| {
        let rest = l
            .trim_start()
            .strip_prefix("#define")?
            .trim_start()
            .strip_prefix("CUDA_VERSION")?;
        rest.trim().parse().ok()
    })
}

pub fn find_toolkit(explicit: Option<&str>, extra_roots: &[PathBuf]) -> Option<PathBuf> {
    let mut roots: Vec<PathBuf> = Vec::new();
    if let Some(p) = explicit {
        // An explicit path is taken as given, even when it lacks include/ (the error then
        // names it).
        return Some(PathBuf::from(p));
    }
    roots.extend(
        ["WARPC_CUDA_DIR", "CUDA_HOME", "CUDA_PATH"]
            .iter()
            .filter_map(|v| std::env::var_os(v).filter(|s| !s.is_empty()).map(PathBuf::from)),
    );
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

/// What a host compiler reports about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostCompiler {
    /// Its `#include <...>` search list.
    pub dirs: Vec<String>,
    /// Its predefined macros, `(name, value)`.
    pub macros: Vec<(String, String)>,
}

/// The `#include <...>` search list of `compiler` (`compiler -E -x c++ -v /dev/null`), asked once
/// per process and compiler.
pub fn host_include_dirs(compiler: &str) -> Result<Vec<String>, String> {
    host_compiler(compiler).map(|h| h.dirs)
}

/// The search list and predefined macros of `compiler`, from one run of
/// `compiler -E -dM -x c++ -v /dev/null` (the list on stderr, the macros on stdout), asked once
/// per process and compiler.
pub fn host_compiler(compiler: &str) -> Result<HostCompiler, String> {
    static CACHE: OnceLock<Mutex<HashMap<String, Result<HostCompiler, String>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(hit) = cache.lock().unwrap().get(compiler) {
        return hit.clone();
    }
    let result = ask_host_compiler(compiler);
    cache.lock().unwrap().insert(compiler.to_string(), result.clone());
    result
}

fn ask_host_compiler(compiler: &str) -> Result<HostCompiler, String> {
    let output = Command::new(compiler)
        .args(["-E", "-dM", "-x", "c++", "-v", "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("the host compiler `{compiler}` could not be run ({e})"))?;
    let text = String::from_utf8_lossy(&output.stderr);
    let dirs = parse_search_list(&text);
    if dirs.is_empty() {
        return Err(format!(
            "the host compiler `{compiler}` listed no #include <...> folders"
        ));
    }
    Ok(HostCompiler {
        dirs,
        macros: parse_macro_list(&String::from_utf8_lossy(&output.stdout)),
    })
}

/// The `#define NAME VALUE` lines of a `-dM` listing, in order (function-like macros, which
/// compilers do not predefine, are left out).
pub fn parse_macro_list(listing: &str) -> Vec<(String, String)> {
    listing
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("#define ")?;
            let (name, value) = rest.split_once(' ').unwrap_or((rest, ""));
            (!name.contains('(')).then(|| (name.to_string(), value.to_string()))
        })
        .collect()
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
    if joined.is_empty() {
        "/".to_string()
    } else {
        joined
    }
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
        assert_eq!(
            parse_search_list(report),
            vec!["/usr/include/c++/12", "/usr/include/c++/12/backward", "/usr/include"]
        );
        assert!(parse_search_list("no list here").is_empty());
    }

    #[test]
    fn parses_macro_listing() {
        let listing = "#define __GNUC__ 14\n#define __VERSION__ \"14.2.0\"\n#define __x86_64__ 1\n#define _GNU_SOURCE\n#define F(x) x\n";
        assert_eq!(
            parse_macro_list(listing),
            vec![
                ("__GNUC__".to_string(), "14".to_string()),
                ("__VERSION__".to_string(), "\"14.2.0\"".to_string()),
                ("__x86_64__".to_string(), "1".to_string()),
                ("_GNU_SOURCE".to_string(), String::new()),
            ]
        );
    }

    /// The real g++ of this machine: its search list and its `__GNUC__`.
    #[test]
    fn asks_the_host_compiler_for_folders_and_macros_in_one_run() {
        let host = host_compiler("g++").expect("g++ is needed for this test");
        assert!(host.dirs.iter().any(|d| d.contains("c++")), "{:?}", host.dirs);
        assert!(
            host.macros
                .iter()
                .any(|(n, v)| n == "__GNUC__" && v.parse::<u32>().is_ok()),
            "{:?}",
            host.macros
        );
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

    #[test]
    fn toolkit_ptx_isa_follows_nvcc() {
        let isa = |v| {
            HeaderSearch {
                cuda_version: Some(v),
                ..HeaderSearch::default()
            }
            .toolkit_ptx_isa()
        };
        assert_eq!(isa(11080), Some((7, 8)));
        assert_eq!(isa(12040), Some((8, 4)));
        assert_eq!(isa(12060), Some((8, 5)));
        assert_eq!(isa(12080), Some((8, 7)));
        assert_eq!(isa(12090), Some((8, 8)));
        assert_eq!(isa(13050), Some((9, 5)));
        assert_eq!(isa(10020), None);
        assert_eq!(HeaderSearch::default().toolkit_ptx_isa(), None);
    }
}
