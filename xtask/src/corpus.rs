//! `cargo xtask corpus`: real-world device code through warpc. Downloads CuPy's wheel from PyPI
//! (`pip download --no-deps`, into `.cache/corpus`, never committed), unpacks its CUDA headers
//! (`cupy/_core/include/cupy/**`, without the bundled CCCL and third-party trees) and any `.cu`
//! files, then compiles each `.cu`, and each header included from a tiny `.cu`, with the
//! `warpc` binary in its own process (so a crash is counted, not fatal).
//!
//! Each file ends in one of: compiled (PTX written), unsupported (the first error is an
//! `unsupported: ...` one: a feature warpc does not have yet; later errors are mostly its
//! consequences), failed (another first error), crashed (a panic or a signal) or hung (over the
//! time limit). Crashes and hangs fail the command; the rest is
//! reported with the most frequent first errors. Takes minutes, so it is not part of
//! `cargo test`.
//!
//! Files compile the way CuPy compiles them. Its headers are JIT code: CuPy hands them to NVRTC
//! (`compile_with_cache` in `cupy/_core/core.pyx`), so they compile with `warpc --nvrtc` and
//! CuPy's options: `-arch=compute_XX`, `--std=c++17` (CuPy's default since v14),
//! `-I<include>`, `-I` each of its bundled CCCL's `cub`, `thrust` and `libcudacxx` folders
//! (`_get_cccl_include_options`, unpacked from the wheel into `.cache/corpus/<wheel>-cccl`),
//! and `-I` the CUDA runtime headers (`cuda.pathfinder`; here the setup's toolkit,
//! `.cache/nvidia/cu13/include`, when present). The `.cu` files are CuPy's own build's
//! (compiled by nvcc when CuPy is built): nvcc mode, with the toolkit's header search.
//! `--nvcc` compiles everything in nvcc mode (the earlier way, without CuPy's options: `-I` the
//! include root and its direct subfolders). `--cupy-prelude` puts CuPy's own prelude before each
//! header (`_cupy_header`: the `#include`s of `cupy/complex.cuh`, `cupy/carray.cuh`,
//! `cupy/atomics.cuh` and `cupy/math_constants.h` that CuPy prepends to every kernel's source;
//! some headers, such as xsf's `config.h`, use `thrust::complex` without including it).
//!
//! The NVRTC column: each file is also compiled by NVIDIA's compiler in the same mode, the
//! toolkit's `libnvrtc.so` (`$WARPC_CUDA_DIR`, `cargo xtask setup`) with the same options
//! (`-I dir` as `--include-path=dir`, the same probe with the same prelude), in a child process
//! (`corpus --nvrtc-child FILE OPTIONS...`) under the same time limit; files in nvcc mode go
//! through `nvcc -ptx` with warpc's flags. The summary then says how many files warpc compiles,
//! NVRTC compiles, both compile, NVRTC only (warpc's bugs, by warpc's first error) and warpc
//! only (diagnostics warpc misses, with NVRTC's first error); the per-file listing has both
//! verdicts and both first errors. Each file's verdicts depend only on the file, so the report
//! is the same for any `--jobs` (save for time limits on a loaded machine). `--no-oracle` leaves
//! the column out (it is also left out when the oracles are missing).
//!
//! Options: `--warpc PATH` (default: a release build), `--arch sm_XX` (default sm_90),
//! `--package NAME==VERSION` (default `cupy-cuda12x==14.2.0`), `--jobs N` (default 2),
//! `--timeout SECONDS` (default 60), `--nvcc`, `--cupy-prelude`, `--no-oracle`, `--verbose` (one line per file). The probes
//! (a `.cu` including each header) and the per-file report go to `<target>/corpus`
//! (`<wheel>-report.txt`, `-report-nvcc.txt` with `--nvcc`, `-report-cupy-prelude.txt`).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::util::{self, Ctx, Result};

const DEFAULT_PACKAGE: &str = "cupy-cuda12x==14.2.0";

/// Extracts the CUDA sources of a wheel (argv[1]) into argv[2]: `.cuh`, `.h`, `.hpp`, `.cu`
/// members outside the bundled libraries.
const EXTRACT_PY: &str = r#"
import os, sys, zipfile
wheel, dest = sys.argv[1], os.path.abspath(sys.argv[2])
skip = ("/_cccl/", "/cccl/", "/cub/", "/thrust/", "/libcudacxx/", "/jitify/", "/dlpack/", "/cuda/std/")
n = 0
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        name = info.filename
        if info.is_dir() or not name.endswith((".cuh", ".h", ".hpp", ".cu")):
            continue
        if any(s in "/" + name for s in skip):
            continue
        target = os.path.join(dest, name)
        if not target.startswith(dest + os.sep):
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with z.open(info) as src, open(target, "wb") as out:
            out.write(src.read())
        n += 1
print(n)
"#;

/// What CuPy prepends to every kernel's source (`_cupy_header` in `cupy/_core/core.pyx`).
const CUPY_PRELUDE: &str = "#include <cupy/complex.cuh>\n#include <cupy/carray.cuh>\n#include <cupy/atomics.cuh>\n#include <cupy/math_constants.h>\n";

/// Extracts the CCCL bundled in CuPy's wheel (argv[1]: every member under
/// `cupy/_core/include/cupy/_cccl/`) into argv[2], through a temporary folder renamed at the end
/// (so a half-written tree is never taken for a complete one).
const EXTRACT_CCCL_PY: &str = r#"
import os, sys, zipfile, tempfile
wheel, dest = sys.argv[1], os.path.abspath(sys.argv[2])
prefix = "cupy/_core/include/cupy/_cccl/"
tmp = tempfile.mkdtemp(prefix=os.path.basename(dest) + ".", dir=os.path.dirname(dest))
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        name = info.filename
        if info.is_dir() or not name.startswith(prefix):
            continue
        target = os.path.join(tmp, name[len(prefix):])
        if not os.path.abspath(target).startswith(tmp + os.sep):
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with z.open(info) as src, open(target, "wb") as out:
            out.write(src.read())
os.rename(tmp, dest)
"#;

struct Opts {
    warpc: Option<PathBuf>,
    arch: String,
    package: String,
    jobs: usize,
    timeout: u64,
    verbose: bool,
    /// `--nvcc`: every file in nvcc mode (no NVRTC, none of CuPy's options).
    nvcc: bool,
    /// `--cupy-prelude`: CuPy's prelude before each header (see the module comment).
    prelude: bool,
    /// `--no-oracle`: no NVRTC (nvcc) column.
    no_oracle: bool,
}

fn parse_opts(args: &[String]) -> Result<Opts> {
    let mut o = Opts {
        warpc: None,
        arch: "sm_90".into(),
        package: DEFAULT_PACKAGE.into(),
        jobs: 2,
        timeout: 60,
        verbose: false,
        nvcc: false,
        prelude: false,
        no_oracle: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (key, inline) = match arg.split_once('=') {
            Some((k, v)) if k.starts_with("--") && k != "--package" => (k, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or(format!("{key} needs a value"))
        };
        match key {
            "--warpc" => o.warpc = Some(PathBuf::from(value()?)),
            "--arch" => o.arch = value()?,
            "--package" => o.package = value()?,
            "--jobs" => o.jobs = value()?.parse().ok().filter(|&n| n > 0).ok_or("bad --jobs")?,
            "--timeout" => o.timeout = value()?.parse().map_err(|_| "bad --timeout")?,
            "--verbose" | "-v" => o.verbose = true,
            "--nvcc" => o.nvcc = true,
            "--cupy-prelude" => o.prelude = true,
            "--no-oracle" => o.no_oracle = true,
            other => {
                return Err(format!(
                    "unknown option `{other}` (see the doc comment of xtask/src/corpus.rs)"
                ))
            }
        }
    }
    Ok(o)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Verdict {
    Compiled,
    Unsupported,
    Failed,
    Crashed,
    Hung,
}

struct FileResult {
    name: String,
    verdict: Verdict,
    /// The first error message (for unsupported and failed), or what happened.
    first: String,
    /// NVIDIA's compiler on the same file: NVRTC (nvcc for a file in nvcc mode), `None` with
    /// `--no-oracle`; `Verdict::Compiled` or `Failed` (with its first error), `Crashed`, `Hung`.
    oracle: Option<(Verdict, String)>,
}

/// The wheel for `package` in `dir`, downloading it when missing.
fn wheel(dir: &Path, package: &str) -> Result<PathBuf> {
    let stem = package.split("==").next().unwrap_or(package).replace('-', "_");
    let version = package.split_once("==").map(|(_, v)| v.to_string());
    let find = || -> Option<PathBuf> {
        std::fs::read_dir(dir).ok()?.flatten().map(|e| e.path()).find(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.ends_with(".whl")
                && n.starts_with(&format!("{stem}-"))
                && version.as_ref().is_none_or(|v| n.starts_with(&format!("{stem}-{v}-")))
        })
    };
    if let Some(w) = find() {
        return Ok(w);
    }
    println!("corpus: pip download --no-deps {package} into {}", dir.display());
    let mut pip = Command::new("python3");
    pip.args(["-m", "pip", "download", "--no-deps", "--only-binary=:all:"])
        .args(["--disable-pip-version-check", "--progress-bar", "off", "-d"])
        .arg(dir)
        .arg(package);
    util::run_checked(&mut pip, "pip download")?;
    find().ok_or(format!("pip did not download {package}"))
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The first `"message":"..."` of an error line in warpc's JSON diagnostics.
fn error_messages(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| l.starts_with("{\"severity\":\"error\""))
        .filter_map(|l| {
            let start = l.find("\"message\":\"")? + 11;
            let mut out = String::new();
            let mut chars = l[start..].chars();
            while let Some(c) = chars.next() {
                match c {
                    '"' => break,
                    '\\' => {
                        if let Some(n) = chars.next() {
                            out.push(if n == 'n' { ' ' } else { n });
                        }
                    }
                    c => out.push(c),
                }
            }
            Some(out)
        })
        .collect()
}

/// The include directories for files under `root`: `root` and its direct subdirectories (CuPy
/// includes `<cupy/complex.cuh>` from `include/` and `"xsf/..."` from `include/cupy/`).
fn include_dirs(root: &Path) -> Vec<PathBuf> {
    let mut dirs = vec![root.to_path_buf()];
    if let Ok(entries) = std::fs::read_dir(root) {
        let mut subs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect();
        subs.sort();
        dirs.extend(subs);
    }
    dirs
}

/// How a file is compiled: CuPy's JIT headers through NVRTC with CuPy's options, or nvcc mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Nvrtc,
    Nvcc,
}

/// The folders CuPy's NVRTC compilations search besides the program's own (see the module
/// comment): the bundled CCCL's three roots, then the CUDA runtime headers when there are any.
struct NvrtcIncludes {
    cccl: PathBuf,
    cuda: Option<PathBuf>,
}

/// warpc's options (before `-o` and the input) for a file of include root `include`.
fn flags(mode: Mode, arch: &str, include: &Path, nvrtc: &NvrtcIncludes) -> Vec<OsString> {
    let include_flag = |d: &Path| [OsString::from("-I"), d.as_os_str().to_owned()];
    match mode {
        Mode::Nvcc => std::iter::once(OsString::from(format!("-arch={arch}")))
            .chain(include_dirs(include).iter().flat_map(|d| include_flag(d)))
            .collect(),
        Mode::Nvrtc => {
            let compute = arch.replace("sm_", "compute_");
            let mut f: Vec<OsString> = ["--nvrtc", &format!("-arch={compute}"), "--std=c++17"]
                .iter()
                .map(OsString::from)
                .collect();
            f.extend(include_flag(include));
            for lib in ["cub", "thrust", "libcudacxx"] {
                f.extend(include_flag(&nvrtc.cccl.join(lib)));
            }
            if let Some(cuda) = &nvrtc.cuda {
                f.extend(include_flag(cuda));
            }
            f
        }
    }
}

/// Compiles one file with a time limit.
fn compile_one(
    warpc: &Path,
    input: &Path,
    flags: &[OsString],
    timeout: u64,
    out_dir: &Path,
    id: usize,
) -> (Verdict, String) {
    let out = out_dir.join(format!("{id}.ptx"));
    let mut child = match Command::new(warpc)
        .args(flags)
        .args(["--diag-format=json", "-o"])
        .arg(&out)
        .arg(input)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => return (Verdict::Crashed, format!("cannot run warpc: {e}")),
    };
    // Read stderr on a thread so a chatty child cannot block on a full pipe.
    let mut pipe = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = pipe.as_mut() {
            use std::io::Read;
            let _ = p.read_to_string(&mut s);
        }
        s
    });
    let status = warpc_testkit::wait_within(&mut child, Duration::from_secs(timeout), false)
        .ok()
        .flatten();
    let stderr = reader.join().unwrap_or_default();
    let _ = std::fs::remove_file(&out);
    let Some(status) = status else {
        return (Verdict::Hung, format!("over {timeout} s"));
    };
    if status.success() {
        return (Verdict::Compiled, String::new());
    }
    let errors = error_messages(&stderr);
    match status.code() {
        Some(1) if !errors.is_empty() => {
            // The first error decides: later ones are mostly its consequences.
            let verdict = if errors[0].starts_with("unsupported") {
                Verdict::Unsupported
            } else {
                Verdict::Failed
            };
            (verdict, errors[0].clone())
        }
        Some(1) => (Verdict::Failed, util::first_error_line(&stderr)),
        _ => {
            let panic = stderr
                .lines()
                .find(|l| l.contains("panicked"))
                .unwrap_or("")
                .to_string();
            (Verdict::Crashed, format!("{status}: {}", util::shorten(&panic, 120)))
        }
    }
}

/// How NVIDIA's compiler compiles a file: NVRTC (in a child process, `corpus --nvrtc-child`,
/// so that a crash or a hang is counted) with warpc's options turned into NVRTC's, or nvcc.
#[derive(Clone)]
enum Oracle {
    Nvrtc(Vec<String>),
    Nvcc(Vec<OsString>),
}

/// The oracle for a file warpc compiles with `flags` in `mode`.
fn oracle_for(mode: Mode, flags: &[OsString]) -> Oracle {
    match mode {
        Mode::Nvcc => Oracle::Nvcc(flags.to_vec()),
        Mode::Nvrtc => {
            let mut opts = Vec::new();
            let mut it = flags.iter().map(|f| f.to_string_lossy().into_owned());
            while let Some(f) = it.next() {
                match f.as_str() {
                    "--nvrtc" => {}
                    "-I" => {
                        if let Some(d) = it.next() {
                            opts.push(format!("--include-path={d}"));
                        }
                    }
                    _ => opts.push(f),
                }
            }
            Oracle::Nvrtc(opts)
        }
    }
}

/// The first error of NVIDIA's diagnostics (`file(line): error: message`), without its location.
fn oracle_first_error(log: &str) -> String {
    let line = log
        .lines()
        .find(|l| l.contains("error"))
        .or_else(|| log.lines().find(|l| !l.trim().is_empty()))
        .unwrap_or("failed");
    let message = match line.find("error: ") {
        Some(i) => &line[i + 7..],
        None => line,
    };
    util::shorten(message.trim(), 160)
}

/// Runs the oracle on one file with a time limit: `(Compiled | Failed | Crashed | Hung, first
/// error)`.
fn oracle_one(ctx: &Ctx, oracle: &Oracle, input: &Path, timeout: u64, out_dir: &Path, id: usize) -> (Verdict, String) {
    use std::os::unix::process::CommandExt;
    let out = out_dir.join(format!("{id}.oracle.ptx"));
    let mut cmd = match oracle {
        Oracle::Nvrtc(opts) => {
            let exe = match std::env::current_exe() {
                Ok(e) => e,
                Err(e) => return (Verdict::Crashed, format!("cannot find xtask: {e}")),
            };
            let mut c = Command::new(exe);
            c.args(["corpus", "--nvrtc-child"]).arg(input).args(opts);
            c
        }
        Oracle::Nvcc(flags) => {
            let mut c = match ctx.oracles() {
                Ok(o) => o.command(&o.nvcc),
                Err(e) => return (Verdict::Crashed, e),
            };
            c.arg("-ptx").args(flags).arg("-o").arg(&out).arg(input);
            c
        }
    };
    // Its own process group: nvcc's children (cicc, the host compiler) end with it on a hang.
    cmd.process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return (Verdict::Crashed, format!("cannot run the oracle: {e}")),
    };
    let mut pipes = (child.stdout.take(), child.stderr.take());
    let reader = std::thread::spawn(move || {
        use std::io::Read;
        let mut s = String::new();
        if let Some(p) = pipes.0.as_mut() {
            let _ = p.read_to_string(&mut s);
        }
        if let Some(p) = pipes.1.as_mut() {
            let _ = p.read_to_string(&mut s);
        }
        s
    });
    let status = warpc_testkit::wait_within(&mut child, Duration::from_secs(timeout), true)
        .ok()
        .flatten();
    let log = reader.join().unwrap_or_default();
    let _ = std::fs::remove_file(&out);
    match status {
        None => (Verdict::Hung, format!("over {timeout} s")),
        Some(s) if s.success() => (Verdict::Compiled, String::new()),
        Some(s) if s.code() == Some(1) => (Verdict::Failed, oracle_first_error(&log)),
        Some(s) => (Verdict::Crashed, format!("{s}: {}", oracle_first_error(&log))),
    }
}

/// `corpus --nvrtc-child FILE OPTIONS...`: compiles FILE with the toolkit's libnvrtc in this
/// process; exit status 0 when it compiles, 1 with NVRTC's log on stdout when not.
fn nvrtc_child(ctx: &Ctx, args: &[String]) -> Result<ExitCode> {
    let [file, opts @ ..] = args else {
        return Err("usage: corpus --nvrtc-child FILE OPTIONS...".into());
    };
    let source = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let opts: Vec<&str> = opts.iter().map(String::as_str).collect();
    match ctx.oracles()?.nvrtc_compile(&source, file, &opts, &[]) {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(log) => {
            println!("{log}");
            Ok(ExitCode::from(1))
        }
    }
}

/// The NVRTC column's summary: who compiles what, and the NVRTC-only files (warpc's bugs) and
/// warpc-only files (diagnostics warpc misses) by first error.
fn oracle_summary(results: &[(usize, FileResult)]) -> String {
    let ok = |v: Verdict| v == Verdict::Compiled;
    let (mut w, mut n, mut both) = (0, 0, 0);
    let mut nvrtc_only: Vec<&FileResult> = Vec::new();
    let mut warpc_only: Vec<&FileResult> = Vec::new();
    let mut oracle_bad = 0;
    for (_, r) in results {
        let Some((ov, _)) = &r.oracle else { continue };
        w += ok(r.verdict) as usize;
        n += ok(*ov) as usize;
        both += (ok(r.verdict) && ok(*ov)) as usize;
        oracle_bad += matches!(ov, Verdict::Crashed | Verdict::Hung) as usize;
        if ok(*ov) && !ok(r.verdict) {
            nvrtc_only.push(r);
        }
        if ok(r.verdict) && !ok(*ov) {
            warpc_only.push(r);
        }
    }
    let mut out = format!(
        "NVRTC column (nvcc for files in nvcc mode): warpc compiles {w}; NVRTC compiles {n}; both {both}; NVRTC-only {} (warpc's bugs); warpc-only {} (diagnostics warpc misses); NVRTC crashed or hung {oracle_bad}\n",
        nvrtc_only.len(),
        warpc_only.len()
    );
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for r in &nvrtc_only {
        *kinds.entry(error_kind(&r.first)).or_default() += 1;
    }
    let mut top: Vec<(String, usize)> = kinds.into_iter().collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    if !top.is_empty() {
        out.push_str("warpc's first errors in the NVRTC-only files:\n");
        for (k, c) in top.iter().take(15) {
            out.push_str(&format!("  {c:4}  {k}\n"));
        }
    }
    for r in &warpc_only {
        let first = r.oracle.as_ref().map(|o| o.1.as_str()).unwrap_or("");
        out.push_str(&format!("warpc-only: {}: NVRTC: {first}\n", r.name));
    }
    out
}

/// Replaces what varies (identifiers in quotes, numbers) so first errors group.
fn error_kind(message: &str) -> String {
    let mut out = String::new();
    let mut in_quote = false;
    for c in message.chars() {
        if c == '"' {
            in_quote = !in_quote;
            out.push_str(if in_quote { "\"" } else { "…\"" });
            continue;
        }
        if !in_quote {
            out.push(c);
        }
    }
    util::shorten(&out, 100)
}

pub fn run(ctx: &Ctx, args: &[String]) -> Result<ExitCode> {
    if let Some(("--nvrtc-child", rest)) = args.split_first().map(|(a, r)| (a.as_str(), r)) {
        return nvrtc_child(ctx, rest);
    }
    let opts = parse_opts(args)?;
    let cache = ctx.root.join(".cache").join("corpus");
    std::fs::create_dir_all(&cache).map_err(|e| format!("cannot create {}: {e}", cache.display()))?;
    let wheel = wheel(&cache, &opts.package)?;
    let stem = wheel
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("corpus")
        .to_string();
    let src = cache.join(&stem);
    if !src.is_dir() {
        let mut py = Command::new("python3");
        py.args(["-c", EXTRACT_PY]).arg(&wheel).arg(&src).stdout(Stdio::null());
        util::run_checked(&mut py, "extracting the wheel")?;
    }
    let cccl = cache.join(format!("{stem}-cccl"));
    if !opts.nvcc && !cccl.is_dir() {
        let mut py = Command::new("python3");
        py.args(["-c", EXTRACT_CCCL_PY]).arg(&wheel).arg(&cccl);
        util::run_checked(&mut py, "extracting the wheel's CCCL")?;
    }
    let cuda_include = ctx.cuda_dir.join("include");
    let nvrtc = NvrtcIncludes {
        cccl,
        cuda: cuda_include
            .join("cuda_runtime_api.h")
            .is_file()
            .then_some(cuda_include),
    };
    let mut files = Vec::new();
    collect(&src, &mut files);
    // Headers are included from their include root (`.../include`), as users include them.
    let include_root = |p: &Path| -> PathBuf {
        p.ancestors()
            .find(|a| a.file_name().is_some_and(|n| n == "include"))
            .map(Path::to_path_buf)
            .unwrap_or_else(|| p.parent().unwrap_or(Path::new(".")).to_path_buf())
    };
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| ctx.root.join("target"))
        .join("corpus");
    let probes = target.join(format!("{stem}-probes"));
    let _ = std::fs::remove_dir_all(&probes);
    std::fs::create_dir_all(&probes).map_err(|e| format!("cannot create {}: {e}", probes.display()))?;
    let mode = |cu: bool| if opts.nvcc || cu { Mode::Nvcc } else { Mode::Nvrtc };
    let mut jobs: Vec<(String, PathBuf, Vec<OsString>, Oracle)> = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let rel = f.strip_prefix(&src).unwrap_or(f).display().to_string();
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        let root = include_root(f);
        let m = mode(ext == "cu");
        let flags = flags(m, &opts.arch, &root, &nvrtc);
        let oracle = oracle_for(m, &flags);
        if ext == "cu" {
            jobs.push((rel, f.clone(), flags, oracle));
        } else {
            let spelled = f.strip_prefix(&root).unwrap_or(f).display().to_string();
            let probe = probes.join(format!("{i}.cu"));
            let prelude = if opts.prelude && !opts.nvcc { CUPY_PRELUDE } else { "" };
            let text = format!("// corpus probe: {rel}\n{prelude}#include <{spelled}>\n");
            std::fs::write(&probe, text).map_err(|e| format!("cannot write {}: {e}", probe.display()))?;
            jobs.push((rel, probe, flags, oracle));
        }
    }
    if jobs.is_empty() {
        return Err(format!("no CUDA sources in {}", wheel.display()));
    }
    let with_oracle = !opts.no_oracle && ctx.oracles().is_ok();
    if !opts.no_oracle && !with_oracle {
        println!("corpus: no NVIDIA oracles (`cargo xtask setup`): no NVRTC column");
    }
    let warpc = match &opts.warpc {
        Some(p) if p.is_file() => p.clone(),
        Some(p) => return Err(format!("no warpc binary at {}", p.display())),
        None => util::build_warpc(ctx)?,
    };
    println!(
        "corpus: {} files from {} ({} jobs, {}, {}, warpc {})",
        jobs.len(),
        wheel.file_name().and_then(|n| n.to_str()).unwrap_or(""),
        opts.jobs,
        opts.arch,
        if opts.nvcc {
            "nvcc mode"
        } else {
            "headers with --nvrtc and CuPy's options, .cu files in nvcc mode"
        },
        warpc.display()
    );
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, FileResult)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..opts.jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some((name, input, flags, oracle)) = jobs.get(i) else {
                    break;
                };
                let (verdict, first) = compile_one(&warpc, input, flags, opts.timeout, &probes, i);
                let oracle = with_oracle.then(|| oracle_one(ctx, oracle, input, opts.timeout, &probes, i));
                if opts.verbose {
                    let o = oracle
                        .as_ref()
                        .map(|(v, f)| format!("\t{v:?}\t{f}"))
                        .unwrap_or_default();
                    println!("{verdict:?}\t{name}\t{first}{o}");
                }
                results.lock().unwrap().push((
                    i,
                    FileResult {
                        name: name.clone(),
                        verdict,
                        first,
                        oracle,
                    },
                ));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);
    let mut counts: BTreeMap<Verdict, usize> = BTreeMap::new();
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for (_, r) in &results {
        *counts.entry(r.verdict).or_default() += 1;
        if matches!(r.verdict, Verdict::Unsupported | Verdict::Failed) {
            *kinds.entry(error_kind(&r.first)).or_default() += 1;
        }
    }
    let count = |v: Verdict| counts.get(&v).copied().unwrap_or(0);
    let mut report = String::new();
    report.push_str(&format!(
        "corpus: {} files in {:.1} s: {} compiled, {} stopped at an unsupported feature, {} failed, {} crashed, {} hung\n",
        results.len(),
        started.elapsed().as_secs_f64(),
        count(Verdict::Compiled),
        count(Verdict::Unsupported),
        count(Verdict::Failed),
        count(Verdict::Crashed),
        count(Verdict::Hung),
    ));
    let mut top: Vec<(&String, &usize)> = kinds.iter().collect();
    top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    if !top.is_empty() {
        report.push_str("most frequent first errors:\n");
        for (k, n) in top.iter().take(15) {
            report.push_str(&format!("  {n:4}  {k}\n"));
        }
    }
    for (_, r) in &results {
        if matches!(r.verdict, Verdict::Crashed | Verdict::Hung) {
            report.push_str(&format!("{:?}: {}: {}\n", r.verdict, r.name, r.first));
        }
    }
    if with_oracle {
        report.push_str(&oracle_summary(&results));
    }
    print!("{report}");
    let mut listing = String::new();
    if with_oracle {
        listing.push_str("warpc\tNVRTC\tfile\twarpc's first error\tNVRTC's first error\n");
    }
    for (_, r) in &results {
        match &r.oracle {
            Some((v, f)) => listing.push_str(&format!("{:?}\t{v:?}\t{}\t{}\t{f}\n", r.verdict, r.name, r.first)),
            None => listing.push_str(&format!("{:?}\t{}\t{}\n", r.verdict, r.name, r.first)),
        }
    }
    let mode = if opts.nvcc {
        "-nvcc"
    } else if opts.prelude {
        "-cupy-prelude"
    } else {
        ""
    };
    let report_path = target.join(format!("{stem}-report{mode}.txt"));
    let _ = std::fs::write(&report_path, format!("{report}\n{listing}"));
    println!("corpus: per-file results in {}", util::rel(ctx, &report_path));
    Ok(if count(Verdict::Crashed) + count(Verdict::Hung) > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
