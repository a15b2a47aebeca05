//! `cargo xtask setup`: make a fresh Debian/Ubuntu machine able to build and test warpc.
//!
//! 1. LLVM 22 (`llvm-sys`/inkwell link it statically): when `/usr/lib/llvm-22/bin/llvm-config`
//!    (or `$LLVM_SYS_221_PREFIX/bin/llvm-config`) is missing, `apt-get install llvm-22-dev
//!    libpolly-22-dev` and the compression/XML libraries LLVM links against. The same apt run adds
//!    `g++` (nvcc's host preprocessor) and `python3-pip` when they are missing.
//! 2. NVIDIA's oracles: when `.cache/nvidia/cu13/bin/ptxas` is missing, `pip download` the CUDA 13
//!    wheels into `.cache/nvidia/wheels` and unpack their `nvidia/` trees into `.cache/nvidia`.
//!    Unpacking goes to a staging directory that is renamed at the end, so an interrupted run
//!    leaves no half-installed toolkit behind that a later run would take as complete.
//! 3. The headers real CUDA programs include, from the wheels of [`HEADER_WHEELS`] (the versions
//!    that `cuda-toolkit==13.5.0` pins): CCCL (`include/cccl/{cub,thrust,cuda,nv}`, where nvcc's
//!    `nvcc.profile` looks with `-isystem`), cuRAND, cuBLAS, cuFFT, cuSPARSE and the profiler API.
//!    Only their `include/` folders are kept (all of CCCL); the ~920 MB of wheels are deleted once
//!    unpacked. Each wheel is installed when its marker header (say `include/cublas_v2.h`) is
//!    missing from `cu13`: unpacked into a staging directory, then moved file by file into `cu13`
//!    with the marker last, so an interrupted run leaves that wheel looking absent.
//!
//! 4. cuda-python's NVRTC bindings (PyPI `cuda-bindings` 13, which runs without a GPU) in a
//!    virtual environment at `.cache/python/cuda-bindings`, for the test that drives warpc's
//!    NVRTC library through a real client (`crates/nvrtc/tests/cuda_python.rs`); installed when
//!    `import cuda.bindings.nvrtc` fails there (`$WARPC_CUDA_PYTHON` names a Python to use
//!    instead, which is then only checked).
//! 5. CuPy (PyPI `cupy-cuda13x` 14: a 70 MB wheel, with numpy and cuda-pathfinder) in a virtual
//!    environment at `.cache/python/cupy`, for the test that drives warpc's NVRTC library through
//!    CuPy's compile path (`crates/nvrtc/tests/cupy.rs`); installed when `import cupy` fails there
//!    (`$WARPC_CUPY_PYTHON` names a Python to use instead, which is then only checked).
//!
//! Each step checks before acting, so running `setup` again costs nothing.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::util::{run_checked, Ctx, Result};

/// The CUDA version of every wheel; the oracles the tests are written against.
pub const CUDA_VERSION: &str = "13.5.37";

/// PyPI distributions that make up the toolkit (see DESIGN.md section 3).
pub const WHEELS: [&str; 6] = [
    "nvidia-cuda-nvcc",
    "nvidia-nvvm",
    "nvidia-cuda-nvrtc",
    "nvidia-cuda-nvdisasm",
    "nvidia-cuda-runtime",
    "nvidia-cuda-crt",
];

/// A wheel that only adds headers to the toolkit in `cu13`.
pub struct HeaderWheel {
    /// The PyPI distribution.
    pub dist: &'static str,
    /// Its version in CUDA 13.5.0 (what the `cuda-toolkit==13.5.0` metapackage pins).
    pub version: &'static str,
    /// What to unpack, relative to the wheel's `nvidia/`; `""` is everything.
    pub keep: &'static str,
    /// A file of the wheel, relative to `cu13`, that says it is installed; moved into place last.
    pub marker: &'static str,
}

/// The header wheels, in the order they are installed.
pub const HEADER_WHEELS: [HeaderWheel; 6] = [
    // CCCL ships as `nvidia/cu13/include/cccl/{cub,thrust,cuda,nv}` (plus `include/nv`, and a
    // LICENSE and CMake files under `cu13/cccl`), already the layout of a CUDA 13 toolkit.
    HeaderWheel {
        dist: "nvidia-cuda-cccl",
        version: "13.3.5.0.6",
        keep: "",
        marker: "include/cccl/cub/cub.cuh",
    },
    // Without `lib/libcurand.so.10` (105 MB).
    HeaderWheel {
        dist: "nvidia-curand",
        version: "10.4.5.25",
        keep: "cu13/include/",
        marker: "include/curand_kernel.h",
    },
    HeaderWheel {
        dist: "nvidia-cublas",
        version: "13.10.0.20",
        keep: "cu13/include/",
        marker: "include/cublas_v2.h",
    },
    HeaderWheel {
        dist: "nvidia-cufft",
        version: "12.5.0.14",
        keep: "cu13/include/",
        marker: "include/cufft.h",
    },
    HeaderWheel {
        dist: "nvidia-cusparse",
        version: "12.9.4.2",
        keep: "cu13/include/",
        marker: "include/cusparse.h",
    },
    HeaderWheel {
        dist: "nvidia-cuda-profiler-api",
        version: "13.5.25",
        keep: "cu13/include/",
        marker: "include/cuda_profiler_api.h",
    },
];

const LLVM_PACKAGES: [&str; 5] = [
    "llvm-22-dev",
    "libpolly-22-dev",
    "zlib1g-dev",
    "libzstd-dev",
    "libxml2-dev",
];

pub fn run(ctx: &Ctx) -> Result<()> {
    ensure_rust_components()?;
    ensure_system_packages()?;
    ensure_nvidia(ctx)?;
    ensure_headers(ctx)?;
    ensure_venv(ctx, &CUDA_PYTHON)?;
    ensure_venv(ctx, &CUPY)
}

/// rustfmt and clippy, which `cargo xtask test` runs (`cargo fmt --check`, `cargo clippy -D
/// warnings`): added with rustup when the toolchain lacks them.
fn ensure_rust_components() -> Result<()> {
    let has = |tool: &str| works("cargo", &[tool, "--version"]);
    if has("fmt") && has("clippy") {
        return Ok(());
    }
    println!("setup: rustup component add rustfmt clippy");
    let status = std::process::Command::new("rustup")
        .args(["component", "add", "rustfmt", "clippy"])
        .status()
        .map_err(|e| format!("cannot run rustup (needed for rustfmt and clippy): {e}"))?;
    if !status.success() || !has("fmt") || !has("clippy") {
        return Err("rustfmt and clippy are needed: `rustup component add rustfmt clippy`".into());
    }
    Ok(())
}

/// A Python package that a test drives warpc's NVRTC library through, installed into its own
/// virtual environment under `.cache/python` (steps 4 and 5).
pub struct TestVenv {
    /// The folder under `.cache/python`.
    pub name: &'static str,
    /// What pip installs.
    pub requirement: &'static str,
    /// The import that shows the package is there.
    pub import: &'static str,
    /// The variable that names another Python to use instead (only checked, nothing installed).
    pub env_var: &'static str,
}

/// Step 4: cuda-python's NVRTC bindings (`crates/nvrtc/tests/cuda_python.rs`).
pub const CUDA_PYTHON: TestVenv = TestVenv {
    name: "cuda-bindings",
    requirement: "cuda-bindings==13.*",
    import: "import cuda.bindings.nvrtc",
    env_var: "WARPC_CUDA_PYTHON",
};

/// Step 5: CuPy (`crates/nvrtc/tests/cupy.rs`); its test uses private parts of CuPy's compiler
/// module, hence the major version.
pub const CUPY: TestVenv = TestVenv {
    name: "cupy",
    requirement: "cupy-cuda13x==14.*",
    import: "import cupy",
    env_var: "WARPC_CUPY_PYTHON",
};

/// The virtual environment of `venv` (its `bin/python` is what the test runs).
pub fn venv_dir(ctx: &Ctx, venv: &TestVenv) -> PathBuf {
    ctx.root.join(".cache").join("python").join(venv.name)
}

fn ensure_venv(ctx: &Ctx, venv: &TestVenv) -> Result<()> {
    let TestVenv {
        name,
        requirement,
        import,
        env_var,
    } = venv;
    if let Some(python) = std::env::var_os(env_var).filter(|p| !p.is_empty()) {
        // The test's override: that Python must have the package; nothing is installed.
        let python = python.to_string_lossy().into_owned();
        if works(&python, &["-c", import]) {
            println!("setup: {name} found (${env_var}={python})");
            return Ok(());
        }
        return Err(format!("${env_var}={python} cannot `{import}`"));
    }
    let dir = venv_dir(ctx, venv);
    let python = dir.join("bin/python");
    let python_str = python.display().to_string();
    if works(&python_str, &["-c", import]) {
        println!("setup: {name} found ({})", dir.display());
        return Ok(());
    }
    println!("setup: installing {requirement} into {}", dir.display());
    if !works("python3", &["-c", "import ensurepip, venv"]) {
        apt_install(&["python3-venv"])?;
    }
    run_checked(
        Command::new("python3").args(["-m", "venv"]).arg(&dir),
        "python3 -m venv",
    )?;
    run_checked(
        Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "--progress-bar",
            "off",
            // Wheels only: building CuPy from source needs a CUDA toolkit and a long time.
            "--only-binary=:all:",
            requirement,
        ]),
        &format!("pip install {requirement}"),
    )
}

/// The `llvm-config` that decides whether LLVM is installed.
fn llvm_config() -> PathBuf {
    let prefix = std::env::var_os("LLVM_SYS_221_PREFIX")
        .filter(|p| !p.is_empty())
        .map_or_else(|| PathBuf::from("/usr/lib/llvm-22"), PathBuf::from);
    prefix.join("bin/llvm-config")
}

/// Whether `program --version` (or `args`) runs successfully.
fn works(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn ensure_system_packages() -> Result<()> {
    let mut packages: Vec<&str> = Vec::new();
    let llvm_config = llvm_config();
    if llvm_config.is_file() {
        println!("setup: LLVM 22 found ({})", llvm_config.display());
    } else {
        println!("setup: LLVM 22 missing ({} not found)", llvm_config.display());
        packages.extend(LLVM_PACKAGES);
    }
    if !works("g++", &["--version"]) {
        println!("setup: g++ missing (nvcc needs a host compiler)");
        packages.push("g++");
    }
    if !works("python3", &["-m", "pip", "--version"]) {
        println!("setup: python3 pip missing (needed to download the NVIDIA wheels)");
        packages.extend(["python3", "python3-pip"]);
    }
    if packages.is_empty() {
        return Ok(());
    }
    apt_install(&packages)
}

/// `apt-get update && apt-get install -y PACKAGES`, through `sudo` unless we are root.
pub(crate) fn apt_install(packages: &[&str]) -> Result<()> {
    if !works("apt-get", &["--version"]) {
        return Err(format!(
            "apt-get not found: install {} yourself (for LLVM, set LLVM_SYS_221_PREFIX to its prefix)",
            packages.join(" ")
        ));
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let apt = |args: &[&str]| {
        let mut command = if root {
            Command::new("apt-get")
        } else {
            Command::new("sudo")
        };
        if !root {
            command.args(["DEBIAN_FRONTEND=noninteractive", "apt-get"]);
        }
        command.env("DEBIAN_FRONTEND", "noninteractive").args(args);
        command
    };
    println!("setup: apt-get update");
    run_checked(&mut apt(&["update"]), "apt-get update")?;
    println!("setup: apt-get install -y {}", packages.join(" "));
    let mut install = apt(&["install", "-y"]);
    install.args(packages);
    run_checked(&mut install, "apt-get install")
}

fn ensure_nvidia(ctx: &Ctx) -> Result<()> {
    let ptxas = ctx.cuda_dir.join("bin/ptxas");
    if ptxas.is_file() {
        println!("setup: NVIDIA oracles found ({})", ctx.cuda_dir.display());
        return Ok(());
    }
    let wheels_dir = ctx.nvidia_cache.join("wheels");
    std::fs::create_dir_all(&wheels_dir).map_err(|e| format!("cannot create {}: {e}", wheels_dir.display()))?;

    let missing: Vec<&str> = WHEELS
        .iter()
        .copied()
        .filter(|w| find_wheel(&wheels_dir, w, CUDA_VERSION).is_none())
        .collect();
    if !missing.is_empty() {
        println!(
            "setup: downloading {} NVIDIA wheel(s) {CUDA_VERSION} from PyPI into {} (~180 MB)",
            missing.len(),
            wheels_dir.display()
        );
        let mut pip = Command::new("python3");
        pip.args(["-m", "pip", "download", "--no-deps", "--only-binary=:all:"])
            .args(["--disable-pip-version-check", "--progress-bar", "off", "-d"])
            .arg(&wheels_dir)
            .args(missing.iter().map(|w| format!("{w}=={CUDA_VERSION}")));
        run_checked(&mut pip, "pip download")?;
    }
    let wheels: Vec<PathBuf> = WHEELS
        .iter()
        .map(|w| find_wheel(&wheels_dir, w, CUDA_VERSION).ok_or(format!("pip did not download {w}")))
        .collect::<Result<_>>()?;

    // Unpack everything under the wheels' `nvidia/` into a staging dir, then move `cu13` in place.
    let staging = ctx.nvidia_cache.join(".staging");
    remove_dir_if_exists(&staging)?;
    println!(
        "setup: unpacking {} wheels into {}",
        wheels.len(),
        ctx.nvidia_cache.display()
    );
    let mut unzip = Command::new("python3");
    unzip.args(["-c", UNPACK_PY]).arg(&staging).arg("").args(&wheels);
    run_checked(&mut unzip, "unpacking the wheels")?;

    let staged = staging.join("cu13");
    if !staged.join("bin/ptxas").is_file() {
        return Err(format!(
            "the wheels held no cu13/bin/ptxas (looked in {})",
            staged.display()
        ));
    }
    for dir in ["bin", "nvvm/bin"] {
        make_executable(&staged.join(dir))?;
    }
    remove_dir_if_exists(&ctx.cuda_dir)?;
    std::fs::rename(&staged, &ctx.cuda_dir).map_err(|e| format!("cannot move {} into place: {e}", staged.display()))?;
    remove_dir_if_exists(&staging)?;
    match warpc_testkit::Oracles::at(&ctx.cuda_dir) {
        Some(_) => {
            println!("setup: NVIDIA oracles installed ({})", ctx.cuda_dir.display());
            Ok(())
        }
        None => Err(format!("{} is incomplete after unpacking", ctx.cuda_dir.display())),
    }
}

/// The header wheels whose marker is missing from `cuda_dir`.
fn missing_headers(cuda_dir: &Path) -> Vec<&'static HeaderWheel> {
    HEADER_WHEELS
        .iter()
        .filter(|w| !cuda_dir.join(w.marker).is_file())
        .collect()
}

fn ensure_headers(ctx: &Ctx) -> Result<()> {
    let missing = missing_headers(&ctx.cuda_dir);
    if missing.is_empty() {
        println!("setup: CUDA library headers found (CCCL, cuRAND, cuBLAS, cuFFT, cuSPARSE)");
        return Ok(());
    }
    let wheels_dir = ctx.nvidia_cache.join("wheels");
    std::fs::create_dir_all(&wheels_dir).map_err(|e| format!("cannot create {}: {e}", wheels_dir.display()))?;
    let staging = ctx.nvidia_cache.join(".staging-headers");
    // One wheel at a time, so that at most one of the big ones is on disk.
    for wheel in missing {
        let found = find_wheel(&wheels_dir, wheel.dist, wheel.version);
        let path = match found {
            Some(path) => path,
            None => {
                println!(
                    "setup: downloading {}=={} from PyPI for its headers",
                    wheel.dist, wheel.version
                );
                let mut pip = Command::new("python3");
                pip.args(["-m", "pip", "download", "--no-deps", "--only-binary=:all:"])
                    .args(["--disable-pip-version-check", "--progress-bar", "off", "-d"])
                    .arg(&wheels_dir)
                    .arg(format!("{}=={}", wheel.dist, wheel.version));
                run_checked(&mut pip, "pip download")?;
                find_wheel(&wheels_dir, wheel.dist, wheel.version)
                    .ok_or(format!("pip did not download {}", wheel.dist))?
            }
        };
        remove_dir_if_exists(&staging)?;
        let mut unzip = Command::new("python3");
        unzip.args(["-c", UNPACK_PY]).arg(&staging).arg(wheel.keep).arg(&path);
        run_checked(&mut unzip, "unpacking the wheel")?;
        let staged = staging.join("cu13");
        if !staged.join(wheel.marker).is_file() {
            return Err(format!(
                "{} held no cu13/{} (looked in {})",
                path.display(),
                wheel.marker,
                staged.display()
            ));
        }
        merge_into(&staged, &ctx.cuda_dir, Path::new(wheel.marker))?;
        remove_dir_if_exists(&staging)?;
        std::fs::remove_file(&path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
        println!(
            "setup: {} headers installed ({})",
            wheel.dist,
            ctx.cuda_dir.join(wheel.marker).display()
        );
    }
    Ok(())
}

/// Moves every file under `from` to the same relative path under `to` (replacing what is there,
/// creating directories), the file at relative path `last` after all the others.
fn merge_into(from: &Path, to: &Path, last: &Path) -> Result<()> {
    let mut files = Vec::new();
    list_files(from, Path::new(""), &mut files)?;
    files.sort_by_key(|f| f == last);
    for file in files {
        let target = to.join(&file);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::rename(from.join(&file), &target)
            .map_err(|e| format!("cannot move {} into place: {e}", target.display()))?;
    }
    Ok(())
}

/// Appends the paths (relative to `root`) of the files under `root.join(rel)` to `files`.
fn list_files(root: &Path, rel: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    let dir = root.join(rel);
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let path = rel.join(entry.file_name());
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            list_files(root, &path, files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

/// Extracts the `nvidia/...` members of each wheel (argv[3:]) into argv[1], dropping the
/// `nvidia/` prefix and keeping the Unix permissions stored in the zip. Only members whose path
/// after `nvidia/` starts with argv[2] are extracted (all of them when it is empty).
const UNPACK_PY: &str = r#"
import os, shutil, sys, zipfile
dest = os.path.abspath(sys.argv[1])
keep = "nvidia/" + sys.argv[2]
for wheel in sys.argv[3:]:
    with zipfile.ZipFile(wheel) as z:
        for info in z.infolist():
            name = info.filename
            if not name.startswith(keep) or name.endswith("/"):
                continue
            target = os.path.abspath(os.path.join(dest, name[len("nvidia/"):]))
            if not target.startswith(dest + os.sep):
                sys.exit("unsafe path in %s: %s" % (wheel, name))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with z.open(info) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
            mode = (info.external_attr >> 16) & 0o777
            if mode:
                os.chmod(target, mode)
"#;

/// The downloaded wheel file of distribution `dist` at `version`, if present.
fn find_wheel(dir: &Path, dist: &str, version: &str) -> Option<PathBuf> {
    let prefix = format!("{}-{version}-", dist.replace('-', "_"));
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&prefix) && n.ends_with(".whl"))
        })
        .collect();
    found.sort();
    found.pop()
}

/// Sets the execute bits on every regular file directly inside `dir` (if it exists).
fn make_executable(dir: &Path) -> Result<()> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_file() {
            continue;
        }
        let mut perms = std::fs::metadata(&path)
            .map_err(|e| format!("cannot stat {}: {e}", path.display()))?
            .permissions();
        perms.set_mode(perms.mode() | 0o755);
        std::fs::set_permissions(&path, perms).map_err(|e| format!("cannot chmod {}: {e}", path.display()))?;
    }
    Ok(())
}

fn remove_dir_if_exists(dir: &Path) -> Result<()> {
    match std::fs::remove_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("cannot remove {}: {e}", dir.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_wheels_by_distribution_and_version() {
        let dir = std::env::temp_dir().join(format!("xtask-wheels-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let name = "nvidia_cuda_nvcc-13.5.37-py3-none-manylinux2014_x86_64.whl";
        std::fs::write(dir.join(name), b"").unwrap();
        std::fs::write(dir.join("nvidia_cuda_nvrtc-12.0.0-py3-none-any.whl"), b"").unwrap();
        let found = |dist| find_wheel(&dir, dist, CUDA_VERSION);
        assert_eq!(found("nvidia-cuda-nvcc"), Some(dir.join(name)));
        assert_eq!(found("nvidia-cuda-nvrtc"), None);
        assert_eq!(found("nvidia-nvvm"), None);
        assert!(find_wheel(&dir, "nvidia-cuda-nvrtc", "12.0.0").is_some());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
        remove_dir_if_exists(&dir).unwrap();
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn header_wheels_are_missing_until_their_marker_exists() {
        let dir = temp_dir("markers");
        assert_eq!(missing_headers(&dir).len(), HEADER_WHEELS.len());
        std::fs::create_dir_all(dir.join("include/cccl/cub")).unwrap();
        std::fs::write(dir.join("include/cccl/cub/cub.cuh"), b"").unwrap();
        std::fs::write(dir.join("include/cufft.h"), b"").unwrap();
        let missing: Vec<&str> = missing_headers(&dir).iter().map(|w| w.dist).collect();
        assert_eq!(
            missing,
            [
                "nvidia-curand",
                "nvidia-cublas",
                "nvidia-cusparse",
                "nvidia-cuda-profiler-api"
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn merging_keeps_what_is_there_and_replaces_what_is_staged() {
        let dir = temp_dir("merge");
        let (from, to) = (dir.join("staged"), dir.join("cu13"));
        for (path, text) in [
            ("staged/include/cccl/cub/cub.cuh", "new"),
            ("staged/include/nv/target", "new"),
            ("staged/include/cuda.h", "new"),
            ("cu13/include/cuda.h", "old"),
            ("cu13/include/crt/host_defines.h", "old"),
        ] {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        merge_into(&from, &to, Path::new("include/cccl/cub/cub.cuh")).unwrap();
        let read = |p: &str| std::fs::read_to_string(to.join(p)).unwrap();
        assert_eq!(read("include/cccl/cub/cub.cuh"), "new");
        assert_eq!(read("include/nv/target"), "new");
        assert_eq!(read("include/cuda.h"), "new");
        assert_eq!(read("include/crt/host_defines.h"), "old");
        let mut left = Vec::new();
        list_files(&from, Path::new(""), &mut left).unwrap();
        assert!(left.is_empty(), "{left:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The unpacker keeps only the members under `nvidia/<keep>`, without the `nvidia/` prefix.
    #[test]
    fn unpacks_only_the_kept_folder() {
        if !works("python3", &["--version"]) {
            eprintln!("python3 missing: skipped");
            return;
        }
        let dir = temp_dir("unpack");
        let wheel = dir.join("w.whl");
        let make_zip = "import sys, zipfile\n\
            with zipfile.ZipFile(sys.argv[1], 'w') as z:\n\
            \x20   for n in ['nvidia/cu13/include/a.h', 'nvidia/cu13/include/sub/b.h',\n\
            \x20             'nvidia/cu13/lib/liba.so', 'w-1.dist-info/RECORD']:\n\
            \x20       z.writestr(n, n)\n";
        let status = Command::new("python3")
            .args(["-c", make_zip])
            .arg(&wheel)
            .status()
            .unwrap();
        assert!(status.success());
        for (keep, out, expected) in [
            (
                "cu13/include/",
                "inc",
                &["cu13/include/a.h", "cu13/include/sub/b.h"][..],
            ),
            (
                "",
                "all",
                &["cu13/include/a.h", "cu13/include/sub/b.h", "cu13/lib/liba.so"][..],
            ),
        ] {
            let status = Command::new("python3")
                .args(["-c", UNPACK_PY])
                .arg(dir.join(out))
                .arg(keep)
                .arg(&wheel)
                .status()
                .unwrap();
            assert!(status.success());
            let mut files = Vec::new();
            list_files(&dir.join(out), Path::new(""), &mut files).unwrap();
            files.sort();
            assert_eq!(files, expected.iter().map(PathBuf::from).collect::<Vec<_>>());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
